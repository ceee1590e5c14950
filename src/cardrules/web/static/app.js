// The page of `cardrules serve`.  It talks only to the JSON API under /api/ and draws what the
// answers hold: one seat's view and the events since the page's last answer.  A seat is
// reached by its link (#seat=TOKEN); moves go by POST, and every seat's page hears the other
// seats' moves over a WebSocket (or, when that fails, by polling).
"use strict";

const $ = (id) => document.getElementById(id);
const WORDS = { stand: "Stand", beg: "Beg", give: "Give one", run: "Run the pack", redeal: "Ask for a redeal" };
const DEAL_END = new Set(["hand_scored", "thrown_in", "deal_void", "deal_scores", "pack_exhausted", "game_over"]);
const SCORING = new Set(["award", "give_one", "game_tied", "no_trump", "hand_scored", "thrown_in", "deal_void",
  "deal_scores", "pack_exhausted", "game_over", "trick", "kick", "deal_over"]);
let options = null;
let seatLink = null;   // the seat being played: {token, known (steps seen), answer, ws, poll}
let replay = null;     // the record being stepped through: {id, length, step, seat, answer}
let pending = null;    // the answer drawn once the deal summary is closed
let hinted = null;

// A person's name (chosen by whoever made the table) as text inside markup.
function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function busy(on) { document.body.dataset.busy = on ? "1" : "0"; }

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(path, init);
  const data = answer.status === 204 ? {} : await answer.json();
  if (!answer.ok) {
    const error = new Error(data.error || `HTTP ${answer.status}`);
    error.reason = data.reason;
    throw error;
  }
  return data;
}

function showError(error, where = "error") {
  const box = $(where);
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

function cardText(card) { return `${card[0] === "T" ? "10" : card[0]}${{ C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" }[card[1]]}`; }

// -- names and words -------------------------------------------------------------------------

function nameOf(seat, answer) {
  if (seat === null || seat === undefined) return "?";
  const seats = answer && answer.seats;
  if (answer && !answer.replay && seat === answer.seat) return "You";
  return seats && seats[seat] ? seats[seat].name : `Seat ${seat}`;
}

function teamWord(view) { return view.game === "four_hundred" ? "Team" : "Side"; }
function teamName(view, team) {
  const seats = view.players === 2 ? [team] : [team, team + 2];
  return `${teamWord(view)} ${team === 0 ? "A" : "B"} (${seats.map((s) => nameOf(s, current())).join(" & ")})`;
}

// One line of words for each event (the terminal tells the same events in longer words).
function describe(e, answer) {
  const who = (seat) => nameOf(seat, answer);
  const side = (s) => (s === null || s === undefined ? "nobody" : `${teamWord(answer.view)} ${s === 0 ? "A" : "B"}`);
  switch (e.kind) {
    case "deal": return `Deal ${e.deal_number + 1}: ${who(e.dealer)} deals` +
      (e.kick ? `; the kick is ${cardText(e.kick)}` + (e.side !== null ? `, ${e.points} for ${side(e.side)}` : "") : "");
    case "play": return `${who(e.seat)} plays ${cardText(e.card)}`;
    case "bid": return `${who(e.seat)} bids ${e.bid}`;
    case "claim": return `${who(e.seat)} claims every remaining trick: the claim holds`;
    case "redeal_asked": return `${who(e.seat)} asks for a redeal (no picture card)`;
    case "stand": return `${who(e.seat)} stands`;
    case "beg": return `${who(e.seat)} begs`;
    case "give_one": return `${who(e.seat)} gives one: ${side(e.side)} scores ${e.points}`;
    case "run_pack": return `${who(e.seat)} runs the pack`;
    case "trick": return `${who(e.winner)} wins trick ${e.number} with ${cardText(e.card)}`;
    case "kick": return `New kick ${cardText(e.card)}` + (e.side !== null ? `: ${e.points} for ${side(e.side)}` : "") +
      (e.again ? "; the same suit again: the pack is run again" : "");
    case "trumps": return `${{ C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" }[e.suit]} are trumps`;
    case "deal_over": return e.reason === "played" ? `Deal ${e.deal_number + 1} is over` : "";
    case "pack_exhausted": return `The pack is exhausted: deal ${e.deal_number + 1} is void (the kick points stand)`;
    case "award": {
      const names = { high: "High", low: "Low", jack: "Jack", hang_jack: "Hang jack", game: "Game" };
      let text = `${names[e.award] || e.award}`;
      if (e.card) text += ` (${cardText(e.card)}`;
      if (e.award === "game") text += ` (card points ${e.card_points[0]} to ${e.card_points[1]}`;
      if (e.card || e.award === "game") text += ")";
      if (e.holder !== null && e.holder !== undefined) text += `, held by ${who(e.holder)}`;
      if (e.taker !== null && e.taker !== undefined) text += `, taken by ${who(e.taker)}`;
      return `${text}: ${side(e.side)} +${e.points}`;
    }
    case "game_tied": return `Game: card points ${e.card_points[0]} to ${e.card_points[1]}, a tie: nobody scores it`;
    case "no_trump": return "No trump was played: no High, Low or Jack";
    case "deal_scores": return `Scores: ${teamWord(answer.view)} A ${e.scores[0]}, ${teamWord(answer.view)} B ${e.scores[1]}`;
    case "hand_scored": return e.seats.map((s) =>
      `${who(s.seat)} bid ${s.bid} and took ${s.took}: ${s.made ? "made it" : "failed"}, ${s.change >= 0 ? "+" : ""}${s.change} (now ${s.score})`).join("\n");
    case "thrown_in": return `Deal ${e.deal_number + 1} is thrown in: ` + (e.cause === "low_total"
      ? `the bids total ${e.total}, less than the minimum ${e.minimum}` : "nobody bid 5 or more");
    case "deal_void": return `Deal ${e.deal_number + 1} is void: nothing scores`;
    case "game_over": return e.winner === null ? "Game over: no winner"
      : `Game over: ${teamName(answer.view, e.winner)} wins, ${e.scores.join(e.scores.length === 2 ? " to " : ", ")}`;
    default: return e.kind;
  }
}

// "You plays" reads "You play".
function words(e, answer) { return describe(e, answer).replace(/\bYou (\w+?)s\b/g, "You $1"); }

function log(events, answer) {
  const list = $("log");
  for (const e of events) {
    const text = words(e, answer);
    if (!text) continue;
    for (const line of text.split("\n")) {
      const item = document.createElement("li");
      item.dataset.kind = e.kind;
      if (SCORING.has(e.kind) && e.kind !== "trick") item.className = "score";
      item.textContent = line;
      list.append(item);
    }
  }
}

// -- drawing the table -----------------------------------------------------------------------

function current() { return replay ? replay.answer : seatLink && seatLink.answer; }

function positions(view, bottom) {
  const names = view.players === 2 ? ["bottom", "top"] : ["bottom", "left", "top", "right"];
  return (seat) => names[(seat - bottom + view.players) % view.players];
}

function drawScoreboard(answer) {
  const view = answer.view;
  const board = $("scoreboard");
  board.replaceChildren();
  board.dataset.scores = JSON.stringify(view.scores);
  const add = (html, cls) => { const span = document.createElement("span"); span.className = cls || ""; span.innerHTML = html; board.append(span); return span; };
  if (view.game === "four_hundred") {
    for (const team of [0, 1]) {
      const [a, b] = [team, team + 2];
      add(`<i class="dot team${team}"></i> ${escape(nameOf(a, answer))} <b>${view.scores[a]}</b> + ${escape(nameOf(b, answer))} <b>${view.scores[b]}</b> = <span class="total">${view.scores[a] + view.scores[b]}</span>`, "team").dataset.team = team;
    }
    add(`game ${view.level}`, "target").title = `A team wins when one partner has ${view.level} or more and the other is above 0`;
    if (answer.limits) add(`bids ≥ ${answer.limits.minimum_total}`, "limits").title = "the four bids must total this much, else the deal is thrown in";
  } else {
    for (const team of [0, 1]) {
      add(`<i class="dot team${team}"></i> ${teamWord(view)} ${team === 0 ? "A" : "B"} <span class="total">${view.scores[team]}</span>`, "team").dataset.team = team;
    }
    add(`to ${view.target}`, "target");
    const got = { high: "-", low: "-", jack: "-", game: "-" };
    for (const award of view.awards) {
      const key = award.award === "hang_jack" ? "jack" : award.award;
      got[key] = award.side === 0 ? "A" : "B";
    }
    add(`<span class="awards">${["high", "low", "jack", "game"].map((k) => `<span title="${k}">${k[0].toUpperCase()}:${got[k]}</span>`).join("")}</span>`, "awards-box");
  }
}

function seatBadge(view, seat) {
  if (view.game === "four_hundred") {
    const bid = view.bids[seat];
    if (bid === null) return view.phase === "bidding" ? "to bid" : "";
    return view.phase === "bidding" ? `bid ${bid}` : `bid ${bid} \u00b7 took ${view.tricks_taken[seat]}`;
  }
  return view.players === 2 ? `${view.tricks_won[seat]} tricks` : "";
}

function drawSeat(node, seat, answer, pos, open) {
  const view = answer.view;
  node.replaceChildren();
  node.hidden = seat === null;
  if (seat === null) return;
  node.classList.toggle("turn", view.current_player === seat);
  node.dataset.seat = seat;
  const who = document.createElement("div");
  who.className = "who";
  const team = view.players === 2 ? seat : seat % 2;
  who.innerHTML = `<i class="dot team${team}"></i>`;
  who.append(nameOf(seat, answer));
  const info = answer.seats && answer.seats[seat];
  const bot = info && info.player !== "you" && info.player !== "person" ? info.player : null;
  if (view.dealer === seat) {
    const button = document.createElement("span");
    button.className = "dealer";
    button.title = "dealer";
    button.textContent = "D";
    who.append(button);
  }
  node.append(who);
  const badge = document.createElement("div");
  badge.className = "badge";
  badge.textContent = [bot && `bot ${bot}`, seatBadge(view, seat)].filter(Boolean).join(" \u00b7 ");
  if (info && info.player === "person" && !info.connected) badge.innerHTML += ' <span class="off">away</span>';
  node.append(badge);
  if (pos === "bottom") return;
  const cards = document.createElement("div");
  if (open) {
    cards.className = "open-hand";
    for (const card of open) cards.append(cardSvg(card));
  } else if (pos === "top") {
    cards.className = "backs";
    for (let i = 0; i < view.hand_sizes[seat]; i++) cards.append(backSvg());
  } else {  // at the sides, one back and the count, to leave the middle to the trick
    cards.className = "backs counted";
    if (view.hand_sizes[seat]) cards.append(backSvg());
    const count = document.createElement("span");
    count.textContent = `×${view.hand_sizes[seat]}`;
    cards.append(count);
  }
  node.append(cards);
}

function drawTrick(answer, posOf) {
  const view = answer.view;
  const trick = $("trick");
  trick.replaceChildren();
  let plays = view.trick.plays;
  let winner = null;
  if (!plays.length && view.last_trick) {  // the trick just won stays in the middle until the next card
    plays = view.last_trick.plays;
    winner = view.last_trick.winner;
  }
  for (const play of plays) {
    const node = document.createElement("div");
    node.className = "played" + (play.seat === winner ? " winner" : "");
    node.dataset.pos = posOf(play.seat);
    node.dataset.card = play.card;
    node.append(cardSvg(play.card));
    trick.append(node);
  }
  $("trick-note").textContent = winner !== null ? `${nameOf(winner, answer)} won the trick` : "";
  const kicks = $("kicks");
  kicks.replaceChildren();
  if (view.kicks.length) {
    kicks.append("kick ");
    for (const card of view.kicks) kicks.append(cardSvg(card));
  }
  if (view.trump) {
    kicks.append(" trumps ");
    kicks.append(suitIcon(view.trump, 16));
  }
}

function fitHand(hand, count) {
  const width = hand.clientWidth || 360;
  const card = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) *
    parseFloat(getComputedStyle(document.documentElement).fontSize) || 54;
  const overlap = count > 1 ? Math.min(4, (width - 8 - count * card) / (count - 1)) : 0;
  for (const [index, node] of [...hand.children].entries()) node.style.marginLeft = index ? `${overlap}px` : "0";
}

function drawHand(answer, interactive) {
  const view = answer.view;
  const mine = document.querySelector(".seat.mine");
  const bottom = replay ? replay.seat : view.seat;
  drawSeat(mine, bottom, answer, "bottom", null);
  const hand = document.createElement("div");
  hand.className = "hand";
  hand.id = "hand";
  const cards = replay ? answer.hands[bottom] : view.hand;
  if (!replay && !view.may_look) {
    hand.innerHTML = '<span class="waiting">You may not look at your cards until the beg is answered.</span>';
  }
  for (const card of cards) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card";
    button.dataset.card = card;
    const move = interactive ? view.legal.find((a) => a.card === card) : null;
    if (move) button.classList.add("legal");
    if (hinted && hinted === card) button.classList.add("hinted");
    button.setAttribute("aria-label", cardName(card) + (move ? "" : " (not playable now)"));
    button.append(cardSvg(card));
    // A card that may not be played is still sent: the server's answer says why not.
    if (interactive) button.addEventListener("click", () => act(move ? move.text : card));
    hand.append(button);
  }
  mine.append(hand);
  requestAnimationFrame(() => fitHand(hand, cards.length));
}

function drawActions(answer, interactive) {
  const view = answer.view;
  const actions = $("actions");
  actions.replaceChildren();
  if (!interactive) return;
  const others = view.legal.filter((m) => !m.card);
  if (view.game === "four_hundred" && view.phase === "bidding" && view.your_turn && answer.limits) {
    const sum = view.bids.reduce((total, bid) => total + (bid || 0), 0);
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = `Your minimum bid is ${answer.limits.minimum_bid}; the four bids must total at least ` +
      `${answer.limits.minimum_total} (so far ${sum}), else the deal is thrown in.`;
    actions.append(note);
  }
  for (const move of others) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = move.text;
    button.textContent = WORDS[move.text] || move.text;
    if (hinted === move.text) button.classList.add("hinted");
    button.addEventListener("click", () => act(move.text));
    actions.append(button);
  }
  if (view.game === "four_hundred" && view.phase === "play" && view.trick.plays.length === 0 && !view.game_over) {
    const claim = document.createElement("button");
    claim.type = "button";
    claim.dataset.action = "claim";
    claim.textContent = "Claim the rest";
    claim.addEventListener("click", () => act("claim"));
    actions.append(claim);
  }
}

function statusText(answer) {
  const view = answer.view;
  if (replay) {
    const step = answer.action ? `${nameOf(answer.action.seat, answer)}: ${answer.action.text}` : "the deal";
    const end = view.game_over ? (view.winner === null ? "; no winner" : `; ${teamName(view, view.winner)} wins`) : "";
    return `Replay, deal ${view.deal_number + 1}: ${step}${end}`;
  }
  if (view.game_over) {
    if (view.winner === null) return "Game over: no winner";
    const mine = view.players === 2 ? view.seat : view.seat % 2;
    return `${view.winner === mine ? "You win" : "You lose"}: ${teamName(view, view.winner)} wins (${view.scores.join(" - ")})`;
  }
  if (view.your_turn) {
    if (view.phase === "bidding") return "Your bid";
    if (view.phase === "beg") return "Stand, or beg?";
    if (view.phase === "answer") return `${nameOf((view.dealer + 1) % view.players, answer)} begs: give one point, or run the pack?`;
    return view.trick.plays.length ? "Your turn: follow" : "Your turn: lead a card";
  }
  return `Waiting for ${nameOf(view.current_player, answer)}`;
}

function draw(answer) {
  const view = answer.view;
  const interactive = !replay && view.your_turn && !view.game_over;
  document.body.dataset.colours = localStorage.getItem("cardrules.colours") || "2";
  $("four-colour").checked = document.body.dataset.colours === "4";
  const bottom = replay ? replay.seat : view.seat;
  const posOf = positions(view, bottom);
  for (const pos of ["top", "left", "right"]) {
    const node = document.querySelector(`.seat[data-pos="${pos}"]`);
    let seat = null;
    for (let s = 0; s < view.players; s++) if (posOf(s) === pos) seat = s;
    drawSeat(node, seat, answer, pos, replay && seat !== null ? answer.hands[seat] : null);
  }
  drawScoreboard(answer);
  drawTrick(answer, posOf);
  drawHand(answer, interactive);
  drawActions(answer, interactive);
  $("status").textContent = statusText(answer);
  $("hint").hidden = !!replay;
  $("undo").hidden = !!replay;
  $("hint").disabled = !interactive;
  $("undo").disabled = !(answer.undo);
  $("download").hidden = !(replay || view.game_over);
  $("replay-controls").hidden = !replay;
  document.body.dataset.step = String(answer.step);
  document.body.dataset.phase = view.phase;
}

// -- the deal summary, which waits for the player ------------------------------------------------

function summarise(events, answer) {
  const end = events.findIndex((e) => DEAL_END.has(e.kind));
  if (end < 0) return false;
  let start = end;
  while (start > 0 && SCORING.has(events[start - 1].kind)) start--;
  const lines = $("summary-lines");
  lines.replaceChildren();
  for (const e of events.slice(start)) {
    if (e.kind === "deal") break;
    if (!SCORING.has(e.kind)) continue;
    const text = words(e, answer);
    if (!text) continue;
    for (const line of text.split("\n")) {
      const item = document.createElement("li");
      item.dataset.kind = e.kind;
      if (e.kind !== "trick") item.className = "score";
      item.textContent = line;
      lines.append(item);
    }
  }
  const over = events.some((e) => e.kind === "game_over");
  const deal = events[end].deal_number;
  $("summary-title").textContent = over ? "Game over" : `Deal ${(deal === undefined ? answer.view.deal_number - 1 : deal) + 1} is over`;
  $("summary-ok").textContent = over ? "See the table" : "Next deal";
  $("summary").hidden = false;
  return true;
}

function closeSummary() {
  $("summary").hidden = true;
  if (pending) { const answer = pending; pending = null; draw(answer); }
}

// -- a seat: its answers, its WebSocket, polling ---------------------------------------------

function take(answer) {
  // An answer or message continues what the page has seen (from === known), repeats it, or
  // is ahead (then the page asks for what it missed).
  if (!seatLink) return;
  if (answer.reset) {
    seatLink.known = answer.step;
    $("log").replaceChildren();
  } else if (answer.from === seatLink.known) {
    seatLink.known = answer.step;
  } else if (answer.step > seatLink.known) {
    resync();
    return;
  } else if (answer.step < seatLink.known) {
    return;
  } else {  // the same step told again (a seat came or went): no events twice
    answer = { ...answer, events: [] };
  }
  const first = !seatLink.answer;
  seatLink.answer = { ...answer, id: seatLink.token };
  hinted = null;
  log(answer.events || [], seatLink.answer);
  document.body.dataset.gameId = seatLink.token;
  document.body.dataset.table = answer.table;
  document.body.dataset.seat = String(answer.seat);
  if (first) draw(seatLink.answer);
  if (!$("summary").hidden || summarise(answer.events || [], seatLink.answer)) {
    pending = seatLink.answer;  // the table behind the summary waits until it is closed
    return;
  }
  draw(seatLink.answer);
}

async function resync() {
  try {
    take(await api("GET", `/api/games/${seatLink.token}?since=${seatLink.known}`));
  } catch (error) {
    showError(error);
  }
}

function listen() {
  const link = seatLink;
  if (!link || link.ws) return;
  let ws;
  try {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${link.token}/ws`);
  } catch (error) {
    poll(link);
    return;
  }
  link.ws = ws;
  ws.onopen = () => { document.body.dataset.live = "ws"; stopPolling(link); };
  ws.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { showError(data.error); return; }
    if (seatLink === link) take(data);
  };
  ws.onclose = () => {
    link.ws = null;
    if (seatLink !== link) return;
    poll(link);  // polling until the WebSocket is back
    setTimeout(() => { if (seatLink === link) listen(); }, 5000);
  };
}

function poll(link) {
  if (link.poll) return;
  document.body.dataset.live = "poll";
  link.poll = setInterval(() => { if (seatLink === link) resync(); }, 2000);
}

function stopPolling(link) {
  if (link.poll) clearInterval(link.poll);
  link.poll = null;
}

function leaveSeat() {
  if (!seatLink) return;
  const link = seatLink;
  seatLink = null;
  stopPolling(link);
  if (link.ws) { link.ws.onclose = null; link.ws.close(); }
}

function screen(name) {
  document.body.dataset.screen = name;
  $("setup").hidden = name !== "setup";
  $("table-screen").hidden = name !== "table";
}

async function sit(token, first) {
  leaveSeat();
  replay = null;
  pending = null;
  $("summary").hidden = true;
  $("log").replaceChildren();
  showError(null);
  seatLink = { token, known: 0, answer: null, ws: null, poll: null };
  localStorage.setItem("cardrules.seat", token);
  if (location.hash !== `#seat=${token}`) history.replaceState(null, "", `#seat=${token}`);
  screen("table");
  const answer = first || await api("GET", `/api/games/${token}`);
  if (!first) answer.reset = true;
  seatLink.known = first ? first.from : answer.step;
  take(answer);
  listen();
}

async function act(text) {
  if (!seatLink || document.body.dataset.busy === "1") return;
  busy(true);
  try {
    const answer = await api("POST", `/api/games/${seatLink.token}/actions`, { action: text });
    showError(null);
    take(answer);
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

async function hint() {
  if (!seatLink) return;
  busy(true);
  try {
    const answer = await api("GET", `/api/games/${seatLink.token}/hint`);
    hinted = answer.action;
    draw(seatLink.answer);
    $("status").textContent = `Hint (${answer.by}): ${answer.action.length === 2 ? cardName(answer.action) : (WORDS[answer.action] || answer.action)}`;
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

async function undo() {
  if (!seatLink) return;
  busy(true);
  try {
    take(await api("POST", `/api/games/${seatLink.token}/undo`));
    showError(null);
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

const PLAYER_WORDS = {
  "400": (o) => [
    "Four players in two teams, partners facing each other. Hearts are always trumps.",
    "Each deal, everyone bids how many of the 13 tricks they will take. A bid made scores its value, a bid failed loses it. " +
      "The four bids must add up to a minimum total, which rises as the scores grow, or the cards are dealt again.",
    "You must follow the suit led if you can; the highest trump, else the highest card of the suit led, wins the trick.",
    "A team wins when one partner reaches the game score (41 at first) and the other is above zero.",
    o.claims !== "off" ? "Between tricks a player may claim the rest of the tricks; the claim is checked." : "",
  ],
  "all-fours": (o) => [
    `${o.players === 2 ? "Two players" : "Four players in two sides, partners facing each other"}, six cards each; the dealer turns up the kick, whose suit is proposed as trumps` +
      ` (an ace, six or jack turned up scores for the dealer's side).`,
    "The player after the dealer stands (plays with that trump) or begs; the dealer then gives one point, or runs the pack for a new trump.",
    "Follow the suit led, or trump; points go to High (the highest trump out), Low (the lowest), Jack (who takes the jack of trumps; " +
      `hanging it is worth ${o.hang_jack_value}) and Game (the most card points in tricks taken).`,
    `The first side to ${o.target} points wins.`,
  ],
};

async function showRules() {
  if (!seatLink) return;
  try {
    const answer = await api("GET", `/api/games/${seatLink.token}/rules`);
    const words = $("rules-words");
    words.replaceChildren(...PLAYER_WORDS[answer.game](answer.options).filter(Boolean).map((text) => {
      const p = document.createElement("p");
      p.textContent = text;
      return p;
    }));
    $("rules-lines").textContent = answer.lines.join("\n");
    $("rules-box").hidden = false;
  } catch (error) {
    showError(error);
  }
}

async function download() {
  let text;
  let name;
  if (replay) {
    text = $("record-text").value;
    name = "cardrules-record.txt";
  } else if (seatLink) {
    const record = await api("GET", `/api/games/${seatLink.token}/record`);
    text = record.json;
    name = `cardrules-${seatLink.answer.table}.json`;
  } else return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

// -- the setup screen ------------------------------------------------------------------------

function fillSelect(select, values, labels) {
  select.replaceChildren(...values.map((value, index) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = labels ? labels[index] : value;
    return option;
  }));
}

function fillGameOptions() {
  const choice = options.games[$("game").value];
  fillSelect($("preset"), choice.presets);
  fillSelect($("players"), choice.players.map(String));
  fillSeats();
}

function fillSeats() {
  const count = Number($("players").value || 4);
  fillSelect($("seat"), [...Array(count).keys()].map(String));
  const kinds = $("seat-kinds");
  kinds.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${seat}`;
    const name = document.createElement("input");
    name.placeholder = "name";
    name.maxLength = 40;
    name.dataset.seatName = seat;
    const select = document.createElement("select");
    select.dataset.seatKind = seat;
    fillSelect(select, ["person", ...options.bots], ["a person", ...options.bots.map((b) => `bot: ${b}`)]);
    select.value = seat < 2 || count === 2 ? "person" : "rule";
    label.append(name, select);
    kinds.append(label);
  }
}

let mode = "play";

function tab(name) {
  mode = name;
  for (const which of ["play", "share", "replay"]) $(`tab-${which}`).classList.toggle("on", which === name);
  $("new-game").hidden = name === "replay";
  $("open-form").hidden = name !== "replay";
  $("links").hidden = true;
  for (const node of document.querySelectorAll(".solo")) node.hidden = name !== "play";
  $("seat-kinds").hidden = name !== "share";
  $("start").textContent = name === "share" ? "Make the table" : "New game";
  showError(null, "setup-error");
}

async function start(event) {
  event.preventDefault();
  busy(true);
  try {
    const body = { game: $("game").value, preset: $("preset").value, players: Number($("players").value) };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    const scores = $("start-scores").value.trim();
    if (scores) body.scores = scores.split(/[\s,]+/).map(Number);
    if (mode === "share") {
      body.seats = [...document.querySelectorAll("[data-seat-kind]")].map((s) => (s.value === "person" ? null : s.value));
      body.names = [...document.querySelectorAll("[data-seat-name]")].map((s) => s.value);
      const answer = await api("POST", "/api/tables", body);
      showError(null, "setup-error");
      showLinks(answer);
    } else {
      body.seat = Number($("seat").value);
      body.bots = $("bots").value;
      const answer = await api("POST", "/api/games", body);
      showError(null, "setup-error");
      await sit(answer.id, answer);
    }
  } catch (error) {
    showError(error, "setup-error");
  } finally {
    busy(false);
  }
}

function showLinks(answer) {
  const list = $("link-list");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    item.dataset.seat = seat.seat;
    if (!seat.link) {
      item.textContent = `${seat.name}: the bot ${seat.player}`;
    } else {
      const url = new URL(seat.link, location.href).href;
      const link = document.createElement("a");
      link.href = url;
      link.textContent = url;
      link.className = "seat-link";
      const go = document.createElement("button");
      go.type = "button";
      go.textContent = "Sit here";
      go.addEventListener("click", () => sit(seat.id));
      item.append(`${seat.name}: `, link, " ", go);
    }
    list.append(item);
  }
  $("links").hidden = false;
}

async function showStep(step) {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.length, step));
  busy(true);
  try {
    const answer = await api("GET", `/api/records/${replay.id}/steps/${step}?seat=${replay.seat}`);
    showError(null);
    if (step !== replay.step + 1) $("log").replaceChildren();
    replay.step = step;
    replay.answer = { ...answer, replay: true };
    $("step").textContent = `${step} / ${replay.length}`;
    log(answer.events, replay.answer);
    draw(replay.answer);
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

function jump(marks, forward) {
  if (!replay || !replay.answer) return;
  const here = replay.step;
  const found = forward ? marks.find((m) => m > here) : [...marks].reverse().find((m) => m < here);
  showStep(found === undefined ? (forward ? replay.length : 0) : found);
}

async function openRecord(event) {
  event.preventDefault();
  busy(true);
  try {
    let text = $("record-text").value;
    const file = $("record-file").files[0];
    if (!text.trim() && file) { text = await file.text(); $("record-text").value = text; }
    const answer = await api("POST", "/api/records", { record: text });
    showError(null, "setup-error");
    leaveSeat();
    history.replaceState(null, "", location.pathname);
    $("log").replaceChildren();
    pending = null;
    $("summary").hidden = true;
    const seat = Number($("replay-seat").value) < answer.players ? $("replay-seat").value : "0";
    fillSelect($("replay-seat"), [...Array(answer.players).keys()].map(String));
    $("replay-seat").value = seat;
    replay = { id: answer.id, length: answer.length, step: -1, seat: Number(seat), answer: null };
    document.body.dataset.recordId = answer.id;
    screen("table");
    busy(false);
    await showStep(0);
  } catch (error) {
    showError(error, "setup-error");
  } finally {
    busy(false);
  }
}

function goHome() {
  replay = null;
  screen("setup");
  const token = seatLink ? seatLink.token : localStorage.getItem("cardrules.seat");
  $("resume").hidden = !token;
  $("resume").dataset.token = token || "";
}

// A seat's link, #seat=TOKEN, opened or pasted: sit at that seat.
async function followLink() {
  const match = /^#seat=([\w-]+)$/.exec(location.hash);
  if (!match || (seatLink && seatLink.token === match[1])) return false;
  await sit(match[1]).catch((error) => { screen("setup"); showError(error, "setup-error"); });
  return true;
}

async function init() {
  options = await api("GET", "/api/options");
  fillSelect($("bots"), options.bots);
  $("bots").value = "rule";
  fillSelect($("replay-seat"), ["0", "1", "2", "3"]);
  fillGameOptions();
  $("game").addEventListener("change", fillGameOptions);
  $("players").addEventListener("change", fillSeats);
  $("new-game").addEventListener("submit", start);
  $("open-form").addEventListener("submit", openRecord);
  $("download").addEventListener("click", download);
  for (const which of ["play", "share", "replay"]) $(`tab-${which}`).addEventListener("click", () => tab(which));
  $("home").addEventListener("click", goHome);
  $("resume").addEventListener("click", () => {
    const token = $("resume").dataset.token;
    showError(null);
    if (seatLink && seatLink.token === token) { screen("table"); draw(pending || seatLink.answer); return; }
    sit(token).catch((error) => { showError(error, "setup-error"); localStorage.removeItem("cardrules.seat"); $("resume").hidden = true; });
  });
  $("first").addEventListener("click", () => showStep(0));
  $("prev").addEventListener("click", () => showStep(replay.step - 1));
  $("next").addEventListener("click", () => showStep(replay.step + 1));
  $("last").addEventListener("click", () => showStep(replay.length));
  $("prev-trick").addEventListener("click", () => jump(replay.answer.trick_starts, false));
  $("next-trick").addEventListener("click", () => jump(replay.answer.trick_starts, true));
  $("prev-deal").addEventListener("click", () => jump(replay.answer.deal_starts, false));
  $("next-deal").addEventListener("click", () => jump(replay.answer.deal_starts, true));
  $("replay-seat").addEventListener("change", () => {
    if (replay) { replay.seat = Number($("replay-seat").value); showStep(replay.step); }
  });
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("rules").addEventListener("click", showRules);
  $("rules-ok").addEventListener("click", () => { $("rules-box").hidden = true; });
  $("show-log").addEventListener("click", () => { $("log-box").hidden = false; });
  $("log-ok").addEventListener("click", () => { $("log-box").hidden = true; });
  $("summary-ok").addEventListener("click", closeSummary);
  $("four-colour").addEventListener("change", () => {
    localStorage.setItem("cardrules.colours", $("four-colour").checked ? "4" : "2");
    draw(current());
  });
  addEventListener("resize", () => { const answer = current(); if (answer && !$("table-screen").hidden) draw(answer); });
  tab("play");
  addEventListener("hashchange", followLink);
  if (!(await followLink())) goHome();
  document.body.dataset.ready = "1";
}

init().catch((error) => showError(error, "setup-error"));
