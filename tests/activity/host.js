// Discord's client, as the Embedded App SDK talks to it: frames are [opcode, payload] over postMessage; the SDK's
// HANDSHAKE (opcode 0) is answered by the READY dispatch, each command (opcode 1, FRAME) by a reply carrying its
// nonce: AUTHORIZE with the player's code, AUTHENTICATE with the user the access token belongs to, any other
// command with an ERROR event. Everything received is kept in window.hostLog for the test to read.
const params = new URLSearchParams(window.location.search);
const frame = document.getElementById('frame');
const user = { id: params.get('user'), username: params.get('name').toLowerCase(), discriminator: '0', public_flags: 0, global_name: params.get('name') };
window.hostLog = [];

function reply(payload) {
  frame.contentWindow.postMessage([1, payload], window.location.origin);
}

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== window.location.origin) return;
  const [opcode, payload] = event.data;
  window.hostLog.push([opcode, payload]);
  if (opcode === 0) {
    reply({ cmd: 'DISPATCH', evt: 'READY', nonce: null, data: { v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' }, user: { id: user.id, username: user.username, discriminator: '0' } } });
    return;
  }
  if (opcode !== 1) return;
  const { cmd, args, nonce } = payload;
  if (cmd === 'AUTHORIZE') {
    reply({ cmd, evt: null, nonce, data: { code: params.get('code') } });
  } else if (cmd === 'AUTHENTICATE') {
    const expires = new Date(Date.now() + 604800000).toISOString();
    const application = { id: params.get('client'), name: 'Tablée', description: '' };
    reply({ cmd, evt: null, nonce, data: { access_token: args.access_token, user, scopes: ['identify'], expires, application } });
  } else {
    reply({ cmd, evt: 'ERROR', nonce, data: { code: 4006, message: `not supported by the double: ${cmd}` } });
  }
});

const query = new URLSearchParams({ frame_id: params.get('frame'), instance_id: params.get('instance'), platform: 'desktop', guild_id: '1', channel_id: '9' });
frame.src = `/activity/?${query}`;
