// The page of `cardrules serve`: it talks only to the JSON API under /api/ and draws what the
// answers hold (the view of one seat and the events since the last answer).
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const WORDS = { stand: "Stand", beg: "Beg", give: "Give one", run: "Run the pack" };
let options = null;
let game = null;    // {id, seat, view}
let replay = null;  // {id, length, step, seat}

function busy(on) { document.body.dataset.busy = on ? "1" : "0"; }

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(path, init);
  const data = answer.status === 204 ? {} : await answer.json();
  if (!answer.ok) throw new Error(`${data.error} (${data.reason})`);
  return data;
}

function showError(error) {
  const box = $("error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

function cardText(card) { return card[0].replace("T", "10") + SUITS[card[1]]; }

function cardNode(card, trump, tag = "span", seat = null) {
  const node = document.createElement(tag);
  node.className = "card" + ("HD".includes(card[1]) ? " red" : "") + (card[1] === trump ? " trump" : "");
  node.dataset.card = card;
  node.append(cardText(card));
  if (seat !== null) {
    const small = document.createElement("small");
    small.textContent = `seat ${seat}`;
    node.append(small);
  }
  return node;
}

function seatName(seat, you) {
  if (seat === null || seat === undefined) return "?";
  if (seat === you) return `seat ${seat} (you)`;
  return `seat ${seat}`;
}

// One line of words for each event (the terminal tells the same events in longer words).
function describe(e, you) {
  const who = (seat) => seatName(seat, you);
  switch (e.kind) {
    case "deal": return `Deal ${e.deal_number + 1}: ${who(e.dealer)} deals` +
      (e.kick ? `; kick ${cardText(e.kick)}` + (e.side !== null ? ` scores ${e.points} for side ${e.side}` : "") : "");
    case "play": return `${who(e.seat)} plays ${cardText(e.card)}`;
    case "bid": return `${who(e.seat)} bids ${e.bid}`;
    case "claim": return `${who(e.seat)} claims every remaining trick: the claim holds`;
    case "redeal_asked": return `${who(e.seat)} asks for a redeal (no picture card)`;
    case "stand": return `${who(e.seat)} stands`;
    case "beg": return `${who(e.seat)} begs`;
    case "give_one": return `${who(e.seat)} gives one: side ${e.side} scores ${e.points}`;
    case "run_pack": return `${who(e.seat)} runs the pack`;
    case "trick": return `${who(e.winner)} wins trick ${e.number} with ${cardText(e.card)}`;
    case "kick": return `New kick ${cardText(e.card)}` + (e.side !== null ? `: scores ${e.points} for side ${e.side}` : "") +
      (e.again ? "; the same suit again: the pack is run again" : "");
    case "trumps": return `${SUIT_NAMES[e.suit]} are trumps`;
    case "deal_over": return e.reason === "played" ? `Deal ${e.deal_number + 1} over` : "";
    case "pack_exhausted": return `Deal ${e.deal_number + 1}: the pack is exhausted; the deal is void`;
    case "award": {
      const names = { high: "High", low: "Low", jack: "Jack", hang_jack: "Hang jack!", game: "Game" };
      let text = `${names[e.award] || e.award}`;
      if (e.card) text += ` ${cardText(e.card)}`;
      if (e.award === "game") text += ` (card points ${e.card_points[0]} to ${e.card_points[1]})`;
      if (e.holder !== null) text += `, held by ${who(e.holder)}`;
      return `${text}: side ${e.side} +${e.points}`;
    }
    case "game_tied": return `Game: card points ${e.card_points[0]} to ${e.card_points[1]}, a tie`;
    case "no_trump": return "No trump in play: no High, Low or Jack";
    case "deal_scores": return `Scores: side 0 ${e.scores[0]}, side 1 ${e.scores[1]}`;
    case "hand_scored": return `Deal ${e.deal_number + 1} scored: ` + e.seats.map((s) =>
      `${who(s.seat)} bid ${s.bid}, took ${s.took}: ${s.made ? "made" : "failed"} ${s.change >= 0 ? "+" : ""}${s.change}`).join("; ");
    case "thrown_in": return `Deal ${e.deal_number + 1} thrown in: ` + (e.cause === "low_total"
      ? `the bids total ${e.total}, less than ${e.minimum}` : "nobody bid 5 or more");
    case "deal_void": return `Deal ${e.deal_number + 1} is void: nothing scores`;
    case "game_over": return e.winner === null ? "Game over: no winner"
      : `Game over: ${e.target === null ? "team" : "side"} ${e.winner} wins`;
    default: return `${e.kind}`;
  }
}

function log(events, you) {
  const list = $("log");
  for (const e of events) {
    const text = describe(e, you);
    if (!text) continue;
    const item = document.createElement("li");
    item.dataset.kind = e.kind;
    if (["award", "give_one", "hand_scored", "deal_scores", "game_over", "kick"].includes(e.kind)) item.className = "score";
    item.textContent = text;
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

function draw(view, interactive) {
  $("table").hidden = false;
  const you = view.seat;
  const team = view.game === "four_hundred" ? "team" : "side";
  const turn = view.game_over ? "the game is over"
    : view.your_turn ? "your turn" : `${seatName(view.current_player, you)} to play`;
  $("status").textContent = `${view.game === "four_hundred" ? "400" : "All Fours"}, deal ${view.deal_number + 1}, ` +
    `dealer ${seatName(view.dealer, you)}; you are seat ${you} (${team} ${you % 2}); ${turn}`;
  const scores = $("scores");
  scores.replaceChildren();
  scores.dataset.scores = JSON.stringify(view.scores);
  view.scores.forEach((score, index) => {
    const span = document.createElement("span");
    span.textContent = view.game === "four_hundred" ? `seat ${index}: ${score}` : `side ${index}: ${score}`;
    scores.append(span);
  });
  const info = [];
  if (view.trump) info.push(`trumps: ${SUIT_NAMES[view.trump]}`);
  else if (view.kicks.length) info.push(`trumps not fixed yet (${SUIT_NAMES[view.kicks[view.kicks.length - 1][1]]} proposed)`);
  if (view.kicks.length) info.push(`kick: ${view.kicks.map(cardText).join(" ")}`);
  if (view.target !== null) info.push(`target ${view.target}`);
  if (view.level !== null) info.push(`level ${view.level}`);
  if (view.bids) info.push("bids: " + view.bids.map((b, s) => `seat ${s} ${b === null ? "-" : b}` +
    (view.phase === "play" ? ` (${view.tricks_taken[s]})` : "")).join(", "));
  else info.push(`tricks won: side 0 ${view.tricks_won[0]}, side 1 ${view.tricks_won[1]}`);
  $("info").textContent = info.join("; ");
  const seats = $("seats");
  seats.replaceChildren();
  view.hand_sizes.forEach((size, seat) => {
    const span = document.createElement("span");
    span.textContent = `${seatName(seat, you)}: ${size} card${size === 1 ? "" : "s"}`;
    seats.append(span);
  });
  $("trick").replaceChildren(...view.trick.plays.map((p) => cardNode(p.card, view.trump, "span", p.seat)));
  const last = view.last_trick;
  $("last-trick").replaceChildren(...(last ? last.plays.map((p) => cardNode(p.card, view.trump, "span", p.seat)) : []));
  const hand = $("hand");
  hand.replaceChildren();
  if (!view.may_look) hand.textContent = "(you may not look at your cards until the beg is answered)";
  for (const card of view.hand) {
    const button = cardNode(card, view.trump, "button");
    button.type = "button";
    const move = view.legal.find((a) => a.card === card);
    button.disabled = !interactive || !move;
    if (move) button.addEventListener("click", () => act(move.text));
    hand.append(button);
  }
  const actions = $("actions");
  actions.replaceChildren();
  if (interactive) {
    for (const move of view.legal) {
      if (move.card) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = move.text;
      button.textContent = WORDS[move.text] || (view.game === "four_hundred" && /^\d+$/.test(move.text) ? `Bid ${move.text}` : move.text);
      button.addEventListener("click", () => act(move.text));
      actions.append(button);
    }
    if (view.game === "four_hundred" && view.phase === "play" && view.your_turn && view.trick.plays.length === 0) {
      const claim = document.createElement("button");
      claim.type = "button";
      claim.dataset.action = "claim";
      claim.textContent = "Claim the rest";
      claim.addEventListener("click", () => act("claim"));
      actions.append(claim);
    }
  }
  const result = $("result");
  result.hidden = !view.game_over;
  if (view.game_over) {
    const won = view.winner === you % 2;
    result.textContent = view.winner === null ? "Game over: no winner"
      : `${won ? "You win" : "You lose"}: ${team} ${view.winner} wins (${view.scores.join(" - ")})`;
  }
}

async function act(text) {
  if (!game || document.body.dataset.busy === "1") return;
  busy(true);
  try {
    const answer = await api("POST", `/api/games/${game.id}/actions`, { action: text });
    showError(null);
    game.view = answer.view;
    log(answer.events, game.seat);
    draw(answer.view, true);
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

function fillSelect(select, values, labels) {
  select.replaceChildren(...values.map((value, index) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = labels ? labels[index] : value;
    return option;
  }));
}

function fillGameOptions() {
  const name = $("game").value;
  const choice = options.games[name];
  fillSelect($("preset"), choice.presets);
  fillSelect($("players"), choice.players.map(String));
  fillSeats();
}

function fillSeats() {
  const count = Number($("players").value || 4);
  fillSelect($("seat"), [...Array(count).keys()].map(String));
}

async function start(event) {
  event.preventDefault();
  busy(true);
  try {
    const body = { game: $("game").value, preset: $("preset").value, players: Number($("players").value),
      seat: Number($("seat").value), bots: $("bots").value };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    const answer = await api("POST", "/api/games", body);
    showError(null);
    game = { id: answer.id, seat: answer.seat, view: answer.view };
    replay = null;
    document.body.dataset.gameId = answer.id;
    $("log").replaceChildren();
    log(answer.events, answer.seat);
    draw(answer.view, true);
    $("download").hidden = false;
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

async function download(event) {
  event.preventDefault();
  if (!game) return;
  const record = await api("GET", `/api/games/${game.id}/record`);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([record.json], { type: "application/json" }));
  link.download = `cardrules-${game.id}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
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
    $("step").textContent = `${step} / ${replay.length}`;
    log(answer.events, replay.seat);
    draw(answer.view, false);
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

async function openRecord(event) {
  event.preventDefault();
  busy(true);
  try {
    let text = $("record-text").value;
    const file = $("record-file").files[0];
    if (!text.trim() && file) text = await file.text();
    const answer = await api("POST", "/api/records", { record: text });
    showError(null);
    game = null;
    $("download").hidden = true;
    const seat = Number($("replay-seat").value) < answer.players ? $("replay-seat").value : "0";
    fillSelect($("replay-seat"), [...Array(answer.players).keys()].map(String));
    $("replay-seat").value = seat;
    replay = { id: answer.id, length: answer.length, step: -1, seat: Number(seat) };
    document.body.dataset.recordId = answer.id;
    $("replay-controls").hidden = false;
    busy(false);
    await showStep(0);
  } catch (error) {
    showError(error);
  } finally {
    busy(false);
  }
}

function tab(name) {
  $("tab-play").classList.toggle("on", name === "play");
  $("tab-replay").classList.toggle("on", name === "replay");
  $("play-setup").hidden = name !== "play";
  $("replay-setup").hidden = name !== "replay";
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
  $("tab-play").addEventListener("click", () => tab("play"));
  $("tab-replay").addEventListener("click", () => tab("replay"));
  $("first").addEventListener("click", () => showStep(0));
  $("prev").addEventListener("click", () => showStep(replay.step - 1));
  $("next").addEventListener("click", () => showStep(replay.step + 1));
  $("last").addEventListener("click", () => showStep(replay.length));
  $("replay-seat").addEventListener("change", () => {
    if (replay) { replay.seat = Number($("replay-seat").value); showStep(replay.step); }
  });
  document.body.dataset.ready = "1";
}

init().catch(showError);
