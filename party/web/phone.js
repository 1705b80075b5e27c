// The phone page: one seat's private hand, spoken over one WebSocket at /ws.
// Protocol and screen format: party/present.py (SCREEN_KEYS) and the issue 17 design.
// Plain JS, no framework, no build step. Every message carries "v": 1.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------ the page's own words
  const TEXT = {
    en: {
      title: "Card table", other_lang: "Tiếng Việt", join_head: "Take a seat", players: "Players",
      code: "Room code (on the big screen)", name: "Your name", join: "Join",
      seat: "Seat {n}", first_free: "Any free seat", free: "free", joined: "joined",
      phone: "phone", screen: "big screen", ai: "AI", you: "you", away: "away",
      name_rule: "A name is 1 to 20 characters.",
      code_rule: "Type the room code shown on the big screen.",
      waiting: "You are in, seat {n}. Waiting for the host to start…",
      connecting: "Connecting…", reconnecting: "Reconnecting…",
      offline: "Not connected yet: try again in a moment.",
      rejoin: "Join again", log: "Table log", selected: "Selected {n} of {max}",
      pick: "Pick the cards first.", over: "Game over", hand: "Your hand",
    },
    vi: {
      title: "Bàn bài", other_lang: "English", join_head: "Chọn chỗ ngồi", players: "Người chơi",
      code: "Mã phòng (trên màn hình lớn)", name: "Tên của bạn", join: "Vào bàn",
      seat: "Ghế {n}", first_free: "Ghế trống bất kỳ", free: "còn trống", joined: "đã vào",
      phone: "điện thoại", screen: "màn hình lớn", ai: "máy", you: "bạn", away: "vắng mặt",
      name_rule: "Tên dài từ 1 đến 20 ký tự.",
      code_rule: "Hãy nhập mã phòng hiện trên màn hình lớn.",
      waiting: "Bạn đã vào ghế {n}. Đang chờ chủ bàn bắt đầu…",
      connecting: "Đang kết nối…", reconnecting: "Đang kết nối lại…",
      offline: "Chưa kết nối được: thử lại sau giây lát.",
      rejoin: "Vào lại", log: "Diễn biến ván", selected: "Đã chọn {n}/{max}",
      pick: "Hãy chọn lá bài trước.", over: "Ván đã kết thúc", hand: "Bài của bạn",
    },
  };
  const LANGS = ["en", "vi"];

  // ------------------------------------------------------------ storage (may be refused)
  const store = {
    get(k) { try { return localStorage.getItem(k); } catch (e) { return null; } },
    set(k, v) { try { localStorage.setItem(k, String(v)); } catch (e) { /* private mode */ } },
    del(k) { try { localStorage.removeItem(k); } catch (e) { /* private mode */ } },
  };
  const tokKey = (code) => "party.token." + code;
  const seqKey = (token) => "party.seq." + token;

  // ------------------------------------------------------------ where we came from
  function route() {
    const m = location.pathname.match(/^\/j\/([A-Za-z0-9_-]{1,32})\/?$/);
    const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
    const s = frag.get("s");
    return {
      code: m ? m[1] : null,
      secret: frag.get("k") || null,
      seat: s !== null && /^\d{1,2}$/.test(s) ? Number(s) : null,
    };
  }

  const R = route();
  const S = {
    lang: LANGS.includes(store.get("party.lang")) ? store.get("party.lang")
      : ((navigator.language || "").toLowerCase().startsWith("vi") ? "vi" : "en"),
    code: R.code || store.get("party.last"),
    typed: !R.code,                 // the plain "/" page: the code is typed by hand
    secret: R.secret,
    seatLocked: R.seat,             // a seat link names its seat
    pick: R.seat,                   // the seat chosen in the lobby (null: any free one)
    token: null,
    ws: null, open: false, stopped: false, backoff: 500, timer: 0, everOpen: false,
    joined: false, seat: null, name: null, game: null,
    lobby: null, screen: null, notice: null, joinError: null,
    selection: [], handSig: "", mine: false, deadline: 0, total: 0, seqMem: 0,
    cardH: 96, aspect: {},
  };
  S.token = S.code ? store.get(tokKey(S.code)) : null;
  // the screen this phone shows now, read-only (the end-to-end tests' players read it to
  // choose what to tap; it is this seat's own screen, nothing more)
  window.cardtablePhone = Object.freeze({ screen: () => S.screen, seat: () => S.seat });

  const T = (key, params) => {
    let s = (TEXT[S.lang] && TEXT[S.lang][key]) || TEXT.en[key] || key;
    for (const [k, v] of Object.entries(params || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  };

  // ------------------------------------------------------------ the socket
  function send(obj) {
    if (!S.ws || S.ws.readyState !== 1) return false;
    S.ws.send(JSON.stringify(Object.assign({ v: 1 }, obj)));
    return true;
  }

  function connect() {
    clearTimeout(S.timer);
    if (S.ws) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let ws;
    try {
      ws = new WebSocket(proto + "//" + location.host + "/ws");
    } catch (e) {
      retry();
      return;
    }
    S.ws = ws;
    ws.onopen = () => {
      S.open = true;
      S.everOpen = true;
      if (S.token) send({ type: "hello", token: S.token });
      render();
    };
    ws.onmessage = onMessage;
    ws.onclose = () => {
      if (S.ws !== ws) return;
      S.ws = null;
      S.open = false;
      if (!S.stopped) retry();
      render();
    };
    ws.onerror = () => { /* a close follows */ };
  }

  function retry() {
    clearTimeout(S.timer);
    S.timer = setTimeout(connect, S.backoff);
    S.backoff = Math.min(5000, S.backoff * 2);
    render();
  }

  function reconnectNow() {
    if (S.stopped || S.ws) return;
    S.backoff = 500;
    connect();
  }

  function onMessage(ev) {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (!msg || typeof msg !== "object") return;
    S.lastMsg = performance.now();
    if (msg.type === "ping") {       // answered first: the clock estimate needs it at once
      send({ type: "pong", id: msg.id, c: performance.now() });
      return;
    }
    S.backoff = 500;
    const fn = HANDLERS[msg.type];
    if (fn) fn(msg);
    render();
  }

  function forgetToken() {
    if (S.code) store.del(tokKey(S.code));
    S.token = null;
    S.joined = false;
    S.screen = null;
  }

  const HANDLERS = {
    welcome(m) {
      S.token = m.token;
      S.code = m.code || S.code;
      S.seat = m.seat;
      S.name = m.name;
      S.game = m.game || S.game;
      S.joined = true;
      S.joinError = null;
      S.notice = null;
      if (m.lang && m.lang !== S.lang) send({ type: "lang", lang: S.lang });   // toggled while away
      if (S.code) {
        store.set(tokKey(S.code), m.token);
        store.set("party.last", S.code);
        if (S.typed && history.replaceState) {
          history.replaceState(null, "", "/j/" + encodeURIComponent(S.code) + location.hash);
          S.typed = false;
        }
      }
    },
    lobby(m) {
      S.lobby = m;
      S.game = m.game || S.game;
      if (m.you !== null && m.you !== undefined) S.seat = m.you;
    },
    screen(m) {
      S.seat = m.seat;
      S.joined = true;
      takeScreen(m.screen || null);
    },
    ack() { /* the intent was taken; the new screen follows */ },
    error(m) {
      if (m.reason) toast(m.reason);
      if (m.code === "bad_token") forgetToken();
      if (m.code === "not_joined") S.joined = false;
      if (!S.joined && m.reason) S.joinError = m.reason;
    },
    bye(m) {
      forgetToken();
      S.stopped = true;
      S.notice = m.reason || "";
      if (S.ws) S.ws.close();
    },
  };

  // ------------------------------------------------------------ intents
  function nextSeq() {
    const key = seqKey(S.token);
    const n = Math.max(Number(store.get(key)) || 0, S.seqMem) + 1;
    S.seqMem = n;
    store.set(key, n);
    return n;
  }

  function intent(action, t) {
    if (!S.token) return false;
    if (!S.open) { toast(T("offline")); return false; }
    return send({ type: "intent", seq: nextSeq(), action, t: t === undefined ? null : t });
  }

  // ------------------------------------------------------------ screens
  function takeScreen(screen) {
    const before = S.screen;
    S.screen = screen;
    if (!screen) return;
    const sig = JSON.stringify((screen.hand || []).map((c) => c.card)) + "|" + JSON.stringify(screen.pick);
    if (sig !== S.handSig || !screen.pick) S.selection = [];
    S.handSig = sig;
    const w = screen.window;
    if (w && w.total_ms > 0) {
      S.deadline = performance.now() + Math.max(0, Number(w.left_ms) || 0);
      S.total = Number(w.total_ms);
    } else {
      S.deadline = 0;
      S.total = 0;
    }
    const mine = !!(w && w.mine);
    const opened = mine && !S.mine;           // a window just opened for this seat
    if (opened && navigator.vibrate) {
      try { navigator.vibrate([90, 60, 90]); } catch (e) { /* not allowed yet */ }
    }
    S.mine = mine;
    S.pressed = !!(S.pressed && !opened && before && before.buzzer && screen.buzzer);
  }

  // ------------------------------------------------------------ DOM helpers
  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) el.append(kid);
    return el;
  }

  let toastTimer = 0;
  function toast(text) {
    const el = $("toast");
    el.textContent = text;
    el.hidden = false;
    el.classList.remove("out");
    void el.offsetWidth;
    el.classList.add("in");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      el.classList.remove("in");
      el.classList.add("out");
      toastTimer = setTimeout(() => { el.hidden = true; }, 160);
    }, 2600);
  }

  // card pictures: one <img> per src, kept so a new screen does not reload them (a second
  // copy in the same screen is a clone)
  const imgs = new Map();
  let renderGen = 0;
  function artSrc(card, cssH) {
    const px = Math.min(1024, Math.max(32, Math.ceil((cssH * (window.devicePixelRatio || 1)) / 16) * 16));
    return "/art?g=" + encodeURIComponent(S.game || "") + "&c=" + encodeURIComponent(JSON.stringify(card)) + "&h=" + px;
  }

  function cardFace(card, label, cssH) {
    const box = h("span", { class: "face" });
    const src = artSrc(card, cssH);
    let img = imgs.get(src);
    if (!img) {
      img = h("img", { src, alt: label || "", draggable: "false", decoding: "async" });
      img.addEventListener("load", () => {
        if (img.naturalHeight) {
          const a = img.naturalWidth / img.naturalHeight;
          const known = S.aspect[S.game];
          S.aspect[S.game] = a;
          if (!known || Math.abs(known - a) > 0.05) scheduleRender();
        }
      });
      img.addEventListener("error", () => { img.dataset.failed = "1"; scheduleRender(); });
      if (imgs.size > 240) imgs.delete(imgs.keys().next().value);
      imgs.set(src, img);
    }
    if (img.dataset.failed) {
      box.classList.add("fallback");
      box.append(h("span", { class: "flabel", text: label || "?" }));
    } else if (img.gen === renderGen) {
      box.append(img.cloneNode(false));
    } else {
      img.gen = renderGen;
      box.append(img);
    }
    return box;
  }

  let renderQueued = false;
  function scheduleRender() {
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => { renderQueued = false; render(); });
  }

  // ------------------------------------------------------------ render
  function render() {
    document.documentElement.lang = S.lang;
    $("lang").textContent = T("other_lang");
    $("lang").setAttribute("lang", S.lang === "en" ? "vi" : "en");
    const bar = $("bar");
    const waitingNet = !S.open && !S.stopped && (S.everOpen || S.backoff > 500);
    bar.hidden = !waitingNet;
    bar.textContent = S.everOpen ? T("reconnecting") : T("connecting");
    const playing = S.joined && S.screen;
    document.body.className = playing ? "view-play" : "view-join";
    if (window.innerWidth > window.innerHeight && window.innerWidth >= 560) document.body.classList.add("landscape");
    const title = (playing && S.screen.title) || (S.lobby && S.lobby.title) || T("title");
    $("title").textContent = title;
    document.title = title;
    $("who").textContent = S.joined && S.name ? S.name : "";
    if (playing) renderPlay(S.screen); else renderJoin();
    keepAwake();
  }

  function seatWord(slot) {
    const n = T("seat", { n: slot.seat + 1 });
    return slot.kind === "phone" ? n : n + " · " + T(slot.kind === "ai" ? "ai" : "screen");
  }

  function renderJoin() {
    $("join-head").textContent = S.joined ? T("players") : T("join_head");
    $("code-label").textContent = T("code");
    $("name-label").textContent = T("name");
    $("join-btn").textContent = T("join");
    $("rejoin").textContent = T("rejoin");
    const notice = $("notice");
    notice.hidden = S.notice === null;
    notice.textContent = S.notice || "";
    $("code-row").hidden = !S.typed || S.joined;
    $("join-form").hidden = S.joined || S.stopped;
    $("rejoin").hidden = !S.stopped;
    const waiting = $("waiting");
    waiting.hidden = !S.joined;
    waiting.textContent = T("waiting", { n: (S.seat ?? 0) + 1 });
    const err = $("join-error");
    err.hidden = !S.joinError;
    err.textContent = S.joinError || "";

    const seats = $("seats");
    seats.replaceChildren();
    const slots = (S.lobby && S.lobby.seats) || [];
    if (!S.joined && S.seatLocked === null && slots.some((x) => x.kind === "phone" && !x.joined)) {
      seats.append(seatButton(null, T("first_free"), "", S.pick === null, true));
    }
    for (const slot of slots) {
      const you = S.joined && slot.seat === S.seat;
      const free = slot.kind === "phone" && !slot.joined;
      const canPick = !S.joined && free && (S.seatLocked === null || S.seatLocked === slot.seat);
      let state = slot.kind !== "phone" ? (slot.name || "") : free ? T("free") : (slot.name || T("joined"));
      if (you) state += " (" + T("you") + ")";
      if (slot.kind === "phone" && slot.joined && slot.connected === false) state += " · " + T("away");
      seats.append(seatButton(slot.seat, seatWord(slot), state, canPick && S.pick === slot.seat, canPick, you));
    }
  }

  function seatButton(seat, head, state, checked, enabled, you) {
    const b = h("button", {
      type: "button", role: "radio", class: "seat" + (you ? " you" : ""),
      "aria-checked": checked ? "true" : "false", "aria-disabled": enabled ? null : "true",
      "data-seat": seat === null ? "any" : String(seat),
      onclick: () => { if (enabled) { S.pick = seat; render(); } },
    }, h("span", { class: "seat-head", text: head }), h("span", { class: "seat-state", text: state }));
    return b;
  }

  function submitJoin(ev) {
    ev.preventDefault();
    const name = $("name").value.trim();
    if ([...name].length < 1 || [...name].length > 20) {
      S.joinError = T("name_rule");
      render();
      return;
    }
    let code = S.code;
    if (S.typed) {
      code = $("code").value.trim().toUpperCase();
      if (!code) { S.joinError = T("code_rule"); render(); return; }
      S.code = code;
    }
    store.set("party.name", name);
    S.name = name;
    S.joinError = null;
    const secret = S.secret || code;
    if (!send({ type: "join", code, secret, seat: S.pick, name, lang: S.lang })) {
      S.joinError = T("offline");
    }
    render();
  }

  function renderPlay(sc) {
    renderGen += 1;
    const status = $("status");
    status.textContent = sc.status || "";
    status.className = "tone-" + (sc.tone || "wait");

    // players strip: two columns when there are four or fewer, else one scrolling row
    const plist = sc.players || [];
    $("players").classList.toggle("few", plist.length <= 4 && !sc.buzzer);
    $("players").replaceChildren(...plist.map((p) => {
      const cls = ["player"];
      if (p.active) cls.push("active");
      if (p.you) cls.push("you");
      if (p.out) cls.push("out");
      if (p.away) cls.push("away");
      return h("li", { class: cls.join(" ") },
        h("span", { class: "pname" }, p.active ? h("span", { class: "turn-mark", "aria-hidden": "true", text: "▶ " }) : null,
          (p.name || "") + (p.you ? " (" + T("you") + ")" : "")),
        p.line ? h("span", { class: "pline", text: p.line }) : null,
        p.away ? h("span", { class: "tag away-tag", text: T("away") }) : null);
    }));

    const act = $("players").querySelector(".active") || $("players").querySelector(".you");
    if (act && plist.length > 4) {
      const strip = $("players");
      strip.scrollLeft = Math.max(0, act.offsetLeft - strip.offsetLeft - 12);
    }

    $("info").replaceChildren(...(sc.info || []).map((s) => h("li", { text: s })));

    // public cards
    const tableH = S.screen && S.screen.buzzer && !document.body.classList.contains("landscape") ? 52 : 72;
    $("table-cards").replaceChildren(...(sc.table || []).map((c) =>
      h("figure", { class: "tcard" }, cardFace(c.card, c.label, tableH),
        c.caption ? h("figcaption", { text: c.caption }) : null)));
    $("table-cards").hidden = !(sc.table || []).length;
    $("left").classList.toggle("no-table", !(sc.table || []).length);

    renderMoves(sc);
    renderBuzzer(sc);
    renderHand(sc);
    placeToast();

    const over = $("over");
    over.hidden = !sc.over;
    if (sc.over) {
      over.replaceChildren(h("h2", { text: sc.over.headline || T("over") }),
        ...(sc.over.lines || []).map((s) => h("p", { text: s })));
    }

    $("log-head").textContent = T("log");
    const log = $("log");
    log.replaceChildren(...(sc.log || []).map((s) => h("li", { text: s })));
    $("log-box").hidden = !(sc.log || []).length;
    log.scrollTop = log.scrollHeight;

    placeRing(sc);
  }

  // hand-card height: the biggest size whose rows fit the room the hand has on screen
  // (above the buzzer's half in portrait, the left column's height in landscape)
  function fitCardHeight(n) {
    const hand = $("hand");
    const W = Math.max(160, hand.clientWidth || window.innerWidth - 24);
    const H = window.innerHeight;
    const landscape = document.body.classList.contains("landscape");
    const left = $("left");
    const top = hand.getBoundingClientRect().top + (landscape ? left.scrollTop : window.scrollY) + 14;
    let room;
    if (landscape) room = Math.max(H - top - 8, H * 0.3);
    else if (S.screen && S.screen.buzzer) room = Math.max(H * 0.5 - top - 8, 56);
    else room = Math.max(H - top - $("right").offsetHeight - 8, H * 0.35);
    const aspect = S.aspect[S.game] || 0.72;
    const gap = 8;
    for (let ch = 144; ch > 48; ch -= 8) {
      const cw = Math.max(44, ch * aspect) + gap;
      const perRow = Math.max(1, Math.floor((W + gap) / cw));
      const rows = Math.ceil(n / perRow);
      if (rows * (ch + gap) + (rows > 1 ? 0 : 4) <= room) return ch;
    }
    return 48;                       // scrolls; each card is still a 44 px target
  }

  function renderHand(sc) {
    const hand = sc.hand || [];
    const pick = sc.pick;
    const byId = new Map((sc.moves || []).map((m) => [m.id, m]));
    S.cardH = fitCardHeight(hand.length);
    const box = $("hand");
    box.style.setProperty("--card-h", S.cardH + "px");
    box.setAttribute("aria-label", T("hand"));
    box.hidden = !hand.length;
    box.replaceChildren(...hand.map((c, i) => {
      const selected = S.selection.includes(i);
      const move = c.move !== null && c.move !== undefined ? byId.get(c.move) : null;
      const legal = !!(move && move.legal !== false);
      const cls = ["card"];
      if (pick) cls.push("pickable");
      if (selected) cls.push("selected");
      if (!pick && legal) cls.push("legal");
      if (!pick && !legal && c.reason) cls.push("illegal");
      const label = c.label || "";
      return h("button", {
        type: "button", class: cls.join(" "), "data-index": String(i),
        "aria-pressed": pick ? (selected ? "true" : "false") : null,
        "aria-disabled": !pick && !legal && c.reason ? "true" : null,
        "aria-label": label + (c.reason && !pick ? " — " + c.reason : ""),
        onpointerdown: () => { S.downAt = performance.now(); },
        onclick: () => tapCard(i),
      }, cardFace(c.card, label, S.cardH), selected ? h("span", { class: "check", "aria-hidden": "true", text: "✓" }) : null);
    }));
    const pl = $("pick-line");
    pl.hidden = !pick;
    if (pick) {
      pl.textContent = (pick.prompt ? pick.prompt + " · " : "") +
        T("selected", { n: S.selection.length, max: pick.max });
    }
  }

  function tapCard(i) {
    const sc = S.screen;
    if (!sc) return;
    const c = (sc.hand || [])[i];
    if (!c) return;
    if (sc.pick) {
      const at = S.selection.indexOf(i);
      if (at >= 0) S.selection.splice(at, 1);
      else if (S.selection.length < (sc.pick.max || Infinity)) S.selection.push(i);
      else { toast(sc.pick.prompt || T("pick")); return; }
      render();
      return;
    }
    const move = c.move !== null && c.move !== undefined ? (sc.moves || []).find((m) => m.id === c.move) : null;
    if (move && move.legal !== false) {
      const now = performance.now();      // a timed play counts from when the finger went down
      intent(move.action, move.timed ? (S.downAt && now - S.downAt < 1000 ? S.downAt : now) : null);
    } else if (c.reason || (move && move.reason)) {
      toast(c.reason || move.reason);
    }
  }

  // two picks are the same if they hold the same cards: two Cương are alike, so a claim
  // naming the first one is made as well by tapping the second
  const cardsOf = (idx, hand) => idx.map((i) => JSON.stringify((hand[i] || {}).card)).sort();
  const sameCards = (a, b, hand) => a.length === b.length && cardsOf(a, hand).every((x, k) => x === cardsOf(b, hand)[k]);

  // move buttons. A card's own play is made by tapping the card (no button); in pick mode
  // the moves that use picked cards share one button per label, enabled when the
  // selection is exactly the cards of one of them
  function renderMoves(sc) {
    const cardMoves = new Set((sc.hand || []).map((c) => c.move).filter((x) => x !== null && x !== undefined));
    const groups = [];
    const byLabel = new Map();
    for (const m of sc.moves || []) {
      if (cardMoves.has(m.id)) continue;
      if (!sc.pick && Array.isArray(m.cards) && m.cards.length === 1) continue;   // a card's own play
      if (sc.pick && Array.isArray(m.cards)) {
        let g = byLabel.get(m.label);
        if (!g) { g = { label: m.label, kind: m.kind, list: [] }; byLabel.set(m.label, g); groups.push(g); }
        g.list.push(m);
      } else {
        groups.push({ label: m.label, kind: m.kind, list: [m], plain: true });
      }
    }
    $("moves").replaceChildren(...groups.map((g) => {
      let move = null;
      let why = null;
      if (g.plain) {
        move = g.list[0];
        if (move.legal === false) { why = move.reason || ""; move = null; }
      } else {
        const match = g.list.find((m) => sameCards(m.cards, S.selection, sc.hand || []));
        if (match && match.legal !== false) move = match;
        else why = match ? (match.reason || "") : ((sc.pick && sc.pick.prompt) || T("pick"));
      }
      const timed = g.list.some((m) => m.timed);
      const kind = ["primary", "normal", "danger", "pass"].includes(g.kind) ? g.kind : "normal";
      const b = h("button", {
        type: "button", class: "btn move " + kind + (move ? "" : " off"),
        "aria-disabled": move ? null : "true", "data-move": String(g.list[0].id),
        text: g.label,
      });
      if (timed) {
        b.addEventListener("pointerdown", (ev) => {
          const t = performance.now();
          ev.preventDefault();
          if (move) intent(move.action, t); else if (why) toast(why);
        });
        b.addEventListener("click", (ev) => {    // keyboard: Enter / Space
          if (ev.detail === 0) { if (move) intent(move.action, performance.now()); else if (why) toast(why); }
        });
      } else {
        b.addEventListener("click", () => {
          if (move) intent(move.action, null); else if (why) toast(why);
        });
      }
      return b;
    }));
    $("moves").hidden = !groups.length;
    document.body.classList.toggle("no-right", !groups.length && !sc.buzzer);
  }

  function placeToast() {
    const right = $("right");
    const sticky = !document.body.classList.contains("landscape") && !document.body.classList.contains("has-buzzer");
    document.body.style.setProperty("--right-h", (sticky ? right.offsetHeight : 0) + "px");
  }

  function renderBuzzer(sc) {
    const bz = sc.buzzer;
    const el = $("buzzer");
    document.body.classList.toggle("has-buzzer", !!bz);
    el.hidden = !bz;
    if (!bz) return;
    $("buzzer-label").textContent = bz.label || "";
    el.classList.toggle("armed", !!bz.armed);
    el.classList.toggle("pressed", !!S.pressed);
    el.setAttribute("aria-disabled", bz.armed ? "false" : "true");
  }

  function pressBuzzer(ev) {
    const t = performance.now();           // the moment the finger went down
    if (ev) ev.preventDefault();
    const bz = S.screen && S.screen.buzzer;
    if (!bz || !bz.armed) return;
    if (intent(bz.action, t)) {
      S.pressed = true;
      $("buzzer").classList.add("pressed");
    }
  }

  // ------------------------------------------------------------ the ring
  const RING_C = 2 * Math.PI * 44;
  function placeRing(sc) {
    const ring = $("ring");
    const show = !!(sc.window && S.total > 0);
    ring.hidden = !show;
    if (!show) return;
    const slot = sc.buzzer ? $("buzzer") : $("ring-slot");
    if (ring.parentElement !== slot) slot.append(ring);
    tickRing();
  }

  let ringFrame = 0;
  function tickRing() {
    cancelAnimationFrame(ringFrame);
    const ring = $("ring");
    if (ring.hidden || !S.total) return;
    const left = Math.max(0, S.deadline - performance.now());
    const frac = Math.min(1, left / S.total);
    const arc = ring.querySelector(".arc");
    arc.style.strokeDasharray = RING_C.toFixed(2);
    arc.style.strokeDashoffset = (RING_C * (1 - frac)).toFixed(2);
    ring.classList.toggle("late", left <= 1000);
    ring.querySelector(".secs").textContent = String(Math.ceil(left / 1000));
    ring.dataset.left = String(Math.round(left));
    if (left > 0) ringFrame = requestAnimationFrame(tickRing);
  }

  // keep the screen awake while seated (where the browser allows it: https or localhost)
  let wakeLock = null;
  function keepAwake() {
    if (!S.joined || wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then((lock) => {
      wakeLock = lock;
      lock.addEventListener("release", () => { wakeLock = null; });
    }).catch(() => { /* refused: the phone may sleep; it rejoins with its token */ });
  }

  // ------------------------------------------------------------ wiring
  function setLang(lang) {
    S.lang = lang;
    store.set("party.lang", lang);
    send({ type: "lang", lang });
    render();
  }

  function start() {
    $("lang").addEventListener("click", () => setLang(S.lang === "en" ? "vi" : "en"));
    $("join-form").addEventListener("submit", submitJoin);
    $("rejoin").addEventListener("click", () => {
      S.stopped = false;
      S.notice = null;
      S.lobby = null;
      reconnectNow();
      render();
    });
    $("buzzer").addEventListener("pointerdown", pressBuzzer);
    $("buzzer").addEventListener("click", (ev) => { if (ev.detail === 0) pressBuzzer(ev); });
    $("buzzer").addEventListener("contextmenu", (ev) => ev.preventDefault());
    $("name").value = store.get("party.name") || "";
    if (S.code && S.typed) $("code").value = S.code;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState !== "visible") return;
      // back from sleep: a socket silent for a while (the server pings every second) may
      // be dead without knowing it; start a fresh one, the token rejoins the seat
      if (S.ws && S.open && performance.now() - (S.lastMsg || 0) > 3000) {
        const old = S.ws;
        S.ws = null;
        S.open = false;
        old.onclose = null;
        try { old.close(); } catch (e) { /* already gone */ }
      }
      reconnectNow();
    });
    window.addEventListener("online", reconnectNow);
    let resizeTimer = 0;
    window.addEventListener("resize", () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(render, 120);
    });
    render();
    connect();
  }

  // for the browser tests: the state, read only
  window.__phone = { state: S };
  start();
})();
