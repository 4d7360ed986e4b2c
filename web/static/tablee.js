// Tablée's pages: the live table follows its game's events, the replay steps through a finished game.
// No framework, no build step; every address is relative to the page, and every text comes from the server.
"use strict";

(function () {
  const body = document.body;
  const lang = document.documentElement.lang || "fr";

  function byId(id) {
    return document.getElementById(id);
  }

  function fill(list, lines, empty) {
    list.replaceChildren();
    const shown = lines.length ? lines : empty ? [empty] : [];
    for (const line of shown) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    }
  }

  // -- the live table ------------------------------------------------------------------------------------------

  function live() {
    const picture = byId("picture");
    const lost = byId("lost");
    let shown = picture.getAttribute("src") || "";

    function scores(rows) {
      const table = byId("scores");
      table.replaceChildren();
      for (const row of rows) {
        const tr = document.createElement("tr");
        if (row.turn) tr.className = "now";
        const name = document.createElement("th");
        name.scope = "row";
        name.textContent = row.name;
        if (row.turn) {
          const mark = document.createElement("span");
          mark.className = "mark";
          mark.textContent = " (" + body.dataset.turnMark + ")";
          name.appendChild(mark);
        }
        const score = document.createElement("td");
        score.textContent = row.score;
        tr.append(name, score);
        table.appendChild(tr);
      }
    }

    function show(state) {
      byId("title").textContent = state.title;
      document.title = state.title + " · Tablée";
      byId("state").textContent = state.state;
      byId("watchers").textContent = state.watchers;
      byId("turn").textContent = state.turn;
      fill(byId("summary"), state.summary);
      scores(state.scores);
      fill(byId("moves"), state.moves, body.dataset.noMoves);
      byId("to-replay").hidden = !state.replay;
      byId("waiting").hidden = !!state.picture;
      if (state.picture && state.picture !== shown) {
        shown = state.picture;
        const next = new Image();
        next.onload = function () {
          if (shown !== state.picture) return;
          picture.src = state.picture;
          picture.alt = state.alt;
          picture.hidden = false;
          body.dataset.version = String(state.n);
        };
        next.src = state.picture;
      } else {
        picture.alt = state.alt;
        picture.hidden = !state.picture;
        body.dataset.version = String(state.n);
      }
    }

    const events = new EventSource("events?lang=" + lang);
    events.addEventListener("state", function (event) {
      show(JSON.parse(event.data));
    });
    events.addEventListener("watchers", function (event) {
      byId("watchers").textContent = JSON.parse(event.data).watchers;
    });
    events.onopen = function () {
      lost.hidden = true;
      body.dataset.connected = "yes";
    };
    events.onerror = function () {
      lost.hidden = events.readyState === EventSource.OPEN;
    };
  }

  // -- the replay ----------------------------------------------------------------------------------------------

  function replay() {
    const picture = byId("picture");
    const slider = byId("slider");
    const jump = byId("jump");
    const play = byId("play");
    if (!slider) return;
    let steps = [];
    let at = 0;
    let pace = 1000;
    let hold = 2000;
    let timer = null;
    let hashTimer = null;
    const marks = [];

    function source(index) {
      return "step/" + lang + "/" + index + ".png";
    }

    function writeHash() {
      clearTimeout(hashTimer);
      hashTimer = setTimeout(function () {
        history.replaceState(null, "", "#" + at);
      }, 750);
    }

    function show(index) {
      index = Math.max(0, Math.min(steps.length - 1, index));
      at = index;
      const step = steps[index];
      picture.src = source(index);
      picture.alt = step.alt;
      picture.hidden = false;
      byId("position").textContent = body.dataset.position
        .replace("{step}", String(index + 1))
        .replace("{total}", String(steps.length))
        .replace("{n}", String(step.n));
      fill(byId("lines"), step.lines);
      fill(byId("summary"), step.summary);
      slider.value = String(index);
      let mark = 0;
      for (const m of marks) if (m <= index) mark = m;
      jump.value = String(mark);
      body.dataset.step = String(index);
      if (index + 1 < steps.length) new Image().src = source(index + 1);
      writeHash();
    }

    function stop() {
      clearTimeout(timer);
      timer = null;
      play.setAttribute("aria-pressed", "false");
      byId("play-label").textContent = body.dataset.play;
      byId("play-glyph").textContent = "▶";
    }

    function tick() {
      if (at >= steps.length - 1) {
        stop();
        return;
      }
      show(at + 1);
      timer = setTimeout(tick, steps[at].mark ? hold : pace);
    }

    function toggle() {
      if (timer !== null) {
        stop();
        return;
      }
      if (at >= steps.length - 1) show(0);
      play.setAttribute("aria-pressed", "true");
      byId("play-label").textContent = body.dataset.pause;
      byId("play-glyph").textContent = "❚❚";
      timer = setTimeout(tick, pace);
    }

    const moves = {
      first: function () { show(0); },
      previous: function () { show(at - 1); },
      next: function () { show(at + 1); },
      last: function () { show(steps.length - 1); },
    };
    const keys = {
      ArrowLeft: "previous", k: "previous", ArrowRight: "next", j: "next",
      ArrowUp: "first", Home: "first", 0: "first", ArrowDown: "last", End: "last", $: "last",
    };

    function start(data) {
      steps = data.steps;
      pace = data.pace;
      hold = data.hold;
      slider.max = String(steps.length - 1);
      steps.forEach(function (step, index) {
        if (!step.mark) return;
        marks.push(index);
        const option = document.createElement("option");
        option.value = String(index);
        option.textContent = step.mark;
        jump.appendChild(option);
      });
      for (const name of Object.keys(moves)) {
        byId(name).addEventListener("click", function () {
          stop();
          moves[name]();
        });
      }
      play.addEventListener("click", toggle);
      slider.addEventListener("input", function () {
        stop();
        show(Number(slider.value));
      });
      jump.addEventListener("change", function () {
        stop();
        show(Number(jump.value));
      });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const target = event.target;
        if (target === slider || target.tagName === "SELECT") return;
        if (event.key === " " && target.tagName !== "BUTTON" && target.tagName !== "A") {
          event.preventDefault();
          toggle();
          return;
        }
        const move = keys[event.key];
        if (!move) return;
        event.preventDefault();
        stop();
        moves[move]();
      });
      const hash = location.hash.slice(1);
      show(hash === "last" ? steps.length - 1 : /^[0-9]+$/.test(hash) ? Number(hash) : 0);
      body.dataset.ready = "yes";
    }

    fetch("steps.json?lang=" + lang)
      .then(function (answer) {
        if (!answer.ok) throw new Error(answer.status + " " + answer.statusText);
        return answer.json();
      })
      .then(start)
      .catch(function (error) {
        byId("position").textContent = String(error);
      });
  }

  if (body.dataset.page === "live") live();
  if (body.dataset.page === "replay") replay();
})();
