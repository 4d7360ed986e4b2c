// Tablée's Activity: the page Discord opens in its frame.
//
// It says hello to Discord's client through the Embedded App SDK (ready), asks for the player's OAuth2 code
// (authorize), has the server exchange it (api/token: the application's secret stays there), hands the access
// token back to Discord (authenticate), then opens its WebSocket with the session the server gave. From then on
// the server sends the channel's table as this player sees it (JSON states, and the pictures as binary messages:
// one byte for which picture, then the PNG), and the page sends what the player taps. The page decides nothing:
// every move goes back as the action the server offered, and the server checks it again.
//
// Every address is relative (the page runs under Discord's proxy), every text comes from the server in the
// player's language, and nothing the server sends is ever parsed as HTML.

import { DiscordSDK } from '@discord/embedded-app-sdk';

const TABLE = 1;
const HAND = 2;

const app = document.getElementById('app');
const statusLine = document.getElementById('status');
const notice = document.getElementById('notice');
const view = document.getElementById('view');

let sdk = null;
let session = null;
let socket = null;
let state = null;
let finished = false;
let tries = 0;
const pictures = { [TABLE]: null, [HAND]: null };
let chosen = freshChoice(-1);

function freshChoice(n) {
  return { n, group: null, keys: {}, form: {}, picks: {} };
}

function node(tag, props = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') made.className = value;
    else if (name === 'data') Object.assign(made.dataset, value);
    else if (name === 'on') made.addEventListener('click', value);
    else if (name in made && name !== 'list') made[name] = value;
    else made.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    made.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return made;
}

function button(label, onClick, props = {}) {
  return node('button', { type: 'button', on: onClick, disabled: Boolean(app.dataset.waiting), ...props }, label);
}

function say(text, error = false) {
  notice.hidden = !text;
  notice.textContent = text || '';
  notice.classList.toggle('error', error);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function wait() {
  app.dataset.waiting = '1';
  for (const control of view.querySelectorAll('button, input')) control.disabled = true;
}

// -- Discord ----------------------------------------------------------------------------------------------------

async function signIn() {
  const { code } = await sdk.commands.authorize({
    client_id: app.dataset.clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const response = await fetch('api/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) throw new Error(`the code was refused (${response.status})`);
  const answer = await response.json();
  await sdk.commands.authenticate({ access_token: answer.access_token });
  session = answer.session;
}

function connect() {
  const url = new URL('ws', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  socket = new WebSocket(url.href);
  socket.binaryType = 'arraybuffer';
  socket.addEventListener('open', () => send({ op: 'hello', session, instance: sdk.instanceId }));
  socket.addEventListener('message', (event) => {
    if (typeof event.data === 'string') received(JSON.parse(event.data));
    else picture(new Uint8Array(event.data));
  });
  socket.addEventListener('close', () => {
    socket = null;
    if (finished) return;
    if (state) {
      statusLine.hidden = false;
      statusLine.textContent = state.words.lost;
    }
    window.setTimeout(again, Math.min(8000, 1000 * 2 ** tries++));
  });
}

async function again() {
  try {
    if (session === null) await signIn();
    connect();
  } catch (error) {
    failed(error);
  }
}

function failed(error) {
  finished = true;
  statusLine.hidden = false;
  statusLine.textContent = app.dataset.failed;
  app.dataset.state = 'failed';
  console.warn('Tablée:', error && error.message ? error.message : error);
}

// -- what the server sends --------------------------------------------------------------------------------------

function picture(bytes) {
  const which = bytes[0];
  if (pictures[which]) URL.revokeObjectURL(pictures[which]);
  pictures[which] = bytes.length > 1 ? URL.createObjectURL(new Blob([bytes.subarray(1)], { type: 'image/png' })) : null;
  const shown = view.querySelector(`img[data-picture="${which}"]`);
  if (shown && pictures[which]) shown.src = pictures[which];
}

function received(message) {
  if (message.op === 'hello') {
    tries = 0;
    statusLine.hidden = true;
    app.dataset.user = message.user;
  } else if (message.op === 'state') {
    if (!state || message.game !== state.game || message.n !== state.n || message.view !== state.view) {
      chosen = freshChoice(message.n);
    }
    state = message;
    delete app.dataset.waiting;
    render();
  } else if (message.op === 'notice') {
    delete app.dataset.waiting;
    say(message.text, message.error);
    render();
  } else if (message.op === 'expired') {
    session = null;
  } else if (message.op === 'error') {
    finished = true;
    statusLine.hidden = false;
    statusLine.textContent = message.text;
  }
}

// -- what the player taps ---------------------------------------------------------------------------------------

function play(move, withWords) {
  const action = JSON.parse(move);
  const box = document.getElementById('words');
  if (withWords && box && box.value.trim()) action.say = box.value.trim();
  say('');
  send({ op: 'act', game: state.game, v: state.n, action });
  wait();
}

function ask(op, extra = {}) {
  say('');
  send({ op, game: state ? state.game : null, ...extra });
  wait();
}

// -- drawing the page -------------------------------------------------------------------------------------------

function render() {
  if (!state) return;
  app.dataset.view = state.view;
  app.dataset.n = state.n === undefined ? '' : String(state.n);
  app.dataset.mine = state.mine ? '1' : '';
  const parts = { none: noTable, lobby: lobby, game: game }[state.view](state);
  view.replaceChildren(...parts.flat());
}

function kinds(list, words) {
  return node(
    'div',
    { class: 'row' },
    list.map((entry) => button(`${words ? words.open : '+'} ${entry.label}`, () => ask('open', { kind: entry.kind }), {
      data: { kind: entry.kind },
    })),
  );
}

function noTable(current) {
  return [node('h1', {}, current.title), kinds(current.kinds, null)];
}

function lobby(current) {
  const seats = current.seats.map((seat) =>
    node('li', { class: seat.me ? 'me' : '' }, `${seat.bot ? '🤖 ' : ''}${seat.name}${seat.host ? ' 👑' : ''}`),
  );
  return [
    node('h1', {}, current.title),
    node('p', {}, current.status),
    node('h2', {}, current.seats_title),
    node('ol', {}, seats),
    node('ul', { class: 'options' }, current.options.map((line) => node('li', {}, line))),
    current.editable.map((option) => optionEditor(option, current.set)),
    node(
      'div',
      { class: 'row' },
      current.buttons.map((entry) => button(entry.label, () => ask(entry.op), { data: { op: entry.op } })),
    ),
  ];
}

function optionEditor(option, setLabel) {
  if (option.type === 'int') {
    const input = node('input', {
      type: 'number',
      id: `option-${option.name}`,
      min: String(option.min),
      max: String(option.max),
      value: String(option.value),
    });
    const set = () => {
      const value = Number.parseInt(input.value, 10);
      if (Number.isInteger(value)) ask('option', { name: option.name, value });
    };
    return node(
      'div',
      { class: 'row', data: { option: option.name, current: String(option.value) } },
      node('label', { for: input.id }, option.label),
      input,
      button(setLabel, set, { class: 'secondary', data: { set: option.name } }),
    );
  }
  return node(
    'div',
    { class: 'row', data: { option: option.name, current: String(option.value) } },
    node('span', {}, option.label),
    option.choices.map((choice) =>
      button(choice.label, () => ask('option', { name: option.name, value: choice.value }), {
        class: choice.value === option.value ? 'chosen' : 'secondary',
        'aria-pressed': String(choice.value === option.value),
        data: { choice: String(choice.value) },
      }),
    ),
  );
}

function game(current) {
  const words = current.words;
  const table = node(
    'section',
    { class: 'table' },
    node('h2', {}, words.table),
    node('img', { src: pictures[TABLE] || '', alt: current.table_alt, data: { picture: TABLE } }),
    node('ul', { class: 'summary' }, current.summary.map((line) => node('li', {}, line))),
  );
  const board = node('div', { class: 'board' }, table);
  const parts = [
    node('h1', {}, current.title),
    node('p', { class: current.mine ? 'turn mine' : 'turn', id: 'turn' }, current.turn),
    board,
  ];
  if (current.seated) {
    const mine = [node('h2', {}, words.hand)];
    mine.push(node('img', { src: pictures[HAND] || '', alt: current.hand_alt, data: { picture: HAND } }));
    current.sections.forEach((section, index) => mine.push(drawSection(section, index)));
    const extra = [];
    if (current.undo) extra.push(button(current.undo.label, () => play(current.undo.move, false), { data: { move: current.undo.move } }));
    if (current.hint) extra.push(button(current.hint, () => ask('hint', { v: current.n }), { data: { op: 'hint' } }));
    if (extra.length) mine.push(node('div', { class: 'row' }, extra));
    board.append(node('section', { class: 'mine' }, mine));
  } else {
    board.append(node('p', {}, words.spectator));
  }
  if (current.results.length) parts.push(node('ol', { class: 'results' }, current.results.map((line) => node('li', {}, line))));
  parts.push(node('h2', {}, words.scores));
  parts.push(
    node(
      'ul',
      { class: 'scores' },
      current.scores.map((entry) => node('li', { class: entry.turn ? 'turn' : '' }, `${entry.name}: ${entry.score}`)),
    ),
  );
  parts.push(node('h2', {}, words.moves));
  parts.push(
    current.moves.length
      ? node('ol', { class: 'moves' }, current.moves.map((line) => node('li', {}, line)))
      : node('p', {}, words.no_moves),
  );
  if (current.kinds.length) parts.push(kinds(current.kinds, words));
  return parts;
}

function moveButton(entry) {
  return button(entry.label, () => play(entry.move, entry.say), {
    class: entry.style,
    data: { move: entry.move },
  });
}

function drawSection(section, index) {
  const title = section.title ? node('h3', {}, section.title) : null;
  const body = {
    buttons: drawButtons,
    choices: drawChoices,
    grid: drawGrid,
    form: drawForm,
    pick: drawPick,
    words: drawWords,
  }[section.type](section, index);
  return node('div', { class: `section ${section.type}` }, title, body);
}

function drawButtons(section) {
  return node('div', { class: 'row' }, section.moves.map(moveButton));
}

function drawChoices(section, index) {
  const open = chosen.group && chosen.group[0] === index ? section.groups[chosen.group[1]] : null;
  if (open) {
    return node(
      'div',
      { class: 'row' },
      node('strong', {}, open.label),
      open.moves.map(moveButton),
      button(state.words.back, () => {
        chosen.group = null;
        render();
      }, { class: 'secondary', data: { back: '1' } }),
    );
  }
  return node(
    'div',
    { class: 'row' },
    section.groups.map((group, at) => {
      const one = group.moves.length === 1 ? group.moves[0] : null;
      const props = { class: one ? one.style : 'primary', data: { group: group.label } };
      if (one) props.data.move = one.move;
      return button(group.label, () => {
        if (one) play(one.move, one.say);
        else {
          chosen.group = [index, at];
          render();
        }
      }, props);
    }),
  );
}

function drawGrid(section, index) {
  const keys = section.keys || [];
  let key = chosen.keys[index];
  if (key === undefined) key = keys.length === 1 ? keys[0].key : keys.length === 0 ? '' : null;
  const parts = [];
  if (keys.length) {
    parts.push(
      node(
        'div',
        { class: 'row' },
        keys.map((entry) =>
          button(entry.label, () => {
            chosen.keys[index] = entry.key;
            render();
          }, { class: entry.key === key ? 'chosen' : 'secondary', data: { key: entry.key }, 'aria-pressed': String(entry.key === key) }),
        ),
      ),
    );
  }
  parts.push(grid(section, (cell) => {
    const move = cell.moves && key !== null ? cell.moves[key] : undefined;
    return move ? { data: { move }, on: () => play(move, false) } : null;
  }));
  return node('div', {}, parts);
}

function grid(layout, active) {
  const head = layout.cols && layout.cols.length ? node('tr', {}, node('th', {}), layout.cols.map((label) => node('th', { scope: 'col' }, label))) : null;
  const rows = layout.rows.map((row) =>
    node(
      'tr',
      {},
      node('th', { scope: 'row' }, row.label),
      row.cells.map((cell) => {
        const live = active(cell);
        const classes = [cell.filled ? 'filled' : '', cell.blocked ? 'blocked' : '', live ? 'live' : ''].join(' ').trim();
        if (!live) return node('td', { class: classes, title: cell.title }, cell.text);
        return node('td', { class: classes }, button(cell.text, live.on, { title: cell.title, 'aria-label': cell.title, data: live.data, class: live.chosen ? 'chosen' : '' }));
      }),
    ),
  );
  return node('table', { class: 'grid' }, head ? node('thead', {}, head) : null, node('tbody', {}, rows));
}

function drawForm(section) {
  const values = chosen.form;
  const parts = section.fields.map((field) => {
    const picked = values[field.name];
    const label = node('h4', {}, field.label);
    if (field.grid) {
      return node('div', {}, label, grid(field.grid, (cell) => {
        if (!cell.value) return null;
        const value = JSON.stringify(cell.value);
        return { data: { field: field.name, value }, chosen: picked === value, on: () => { values[field.name] = value; render(); } };
      }));
    }
    return node(
      'div',
      {},
      label,
      node(
        'div',
        { class: 'row' },
        field.options.map((option) => {
          const value = JSON.stringify(option.value);
          return button(option.label, () => {
            values[field.name] = value;
            render();
          }, { class: picked === value ? 'chosen' : 'secondary', data: { field: field.name, value }, 'aria-pressed': String(picked === value) });
        }),
      ),
    );
  });
  const ready = section.fields.every((field) => values[field.name] !== undefined);
  const submit = button(section.submit, () => {
    const action = { kind: section.kind };
    for (const field of section.fields) Object.assign(action, JSON.parse(values[field.name]));
    play(JSON.stringify(action), false);
  }, { class: 'success', data: { submit: section.kind } });
  if (!ready) submit.disabled = true;
  return node('div', {}, parts, submit);
}

function drawPick(section, index) {
  const picks = (chosen.picks[index] = chosen.picks[index] || new Set());
  const items = section.items.map((item, at) =>
    button(item.label, () => {
      if (picks.has(at)) picks.delete(at);
      else if (picks.size < section.count) picks.add(at);
      render();
    }, { class: picks.has(at) ? 'chosen' : 'secondary', data: { pick: String(at) }, 'aria-pressed': String(picks.has(at)) }),
  );
  const submit = button(`${section.submit} (${picks.size}/${section.count})`, () => {
    const values = [...picks].map((at) => section.items[at].value).sort();
    play(JSON.stringify({ kind: section.kind, [section.field]: values }), false);
  }, { class: 'success', data: { submit: section.kind } });
  if (picks.size !== section.count) submit.disabled = true;
  return node('div', {}, node('div', { class: 'row' }, items), submit);
}

function drawWords(section) {
  const kept = document.getElementById('words');
  const box = node('input', { id: 'words', type: 'text', maxLength: section.max, value: kept ? kept.value : '' });
  const quick = (section.quick || []).map((entry) =>
    button(entry.label, () => {
      box.value = entry.text;
    }, { class: 'secondary', data: { quick: entry.text } }),
  );
  const speak = button(section.say, () => {
    const text = box.value.trim();
    if (!text) return;
    box.value = '';
    play(JSON.stringify({ kind: 'say', text }), false);
  }, { class: 'secondary', data: { say: '1' } });
  return node('div', {}, node('label', { for: 'words' }, section.label), node('div', { class: 'row' }, box, quick, speak));
}

// -- start ------------------------------------------------------------------------------------------------------

async function start() {
  try {
    sdk = new DiscordSDK(app.dataset.clientId, { disableConsoleLogOverride: true });
    await sdk.ready();
    await signIn();
    connect();
  } catch (error) {
    failed(error);
  }
}

start();
