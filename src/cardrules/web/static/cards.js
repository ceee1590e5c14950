// Playing cards drawn as SVG by the page itself (no image files, no fonts for the suits):
// cardSvg("QH") is a card face, backSvg() the back.  Suits are paths, so every browser draws
// them alike; colours follow the usual two (red hearts and diamonds) or, with
// document.body.dataset.colours === "4", four (clubs green, diamonds blue).
"use strict";

const SUIT_PATHS = {
  D: "M50 4 L88 50 L50 96 L12 50 Z",
  H: "M50 92 C22 68 6 50 6 30 C6 14 18 5 31 5 C40 5 47 11 50 19 C53 11 60 5 69 5 C82 5 94 14 94 30 C94 50 78 68 50 92 Z",
  S: "M50 4 C64 24 94 42 94 62 C94 77 83 84 72 84 C64 84 57 80 54 74 C55 84 59 91 66 95 L34 95 C41 91 45 84 46 74 C43 80 36 84 28 84 C17 84 6 77 6 62 C6 42 36 24 50 4 Z",
  C: "M50 6 A19 19 0 0 1 66 36 A19 19 0 1 1 55 67 C56 82 60 90 67 95 L33 95 C40 90 44 82 45 67 A19 19 0 1 1 34 36 A19 19 0 0 1 50 6 Z",
};
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_WORDS = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };

function suitColour(suit) {
  if (document.body.dataset.colours === "4") return { C: "#1d7a2e", D: "#1f5fbf", H: "#c0262d", S: "#1b1b1b" }[suit];
  return "HD".includes(suit) ? "#c0262d" : "#1b1b1b";
}

function cardName(card) {
  return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]]}`;
}

function svgNode(markup) {
  const holder = document.createElement("span");
  holder.innerHTML = markup;
  return holder.firstElementChild;
}

function suitIcon(suit, size = 14) {
  return svgNode(`<svg class="suit" width="${size}" height="${size}" viewBox="0 0 100 100" aria-label="${SUIT_WORDS[suit]}">` +
    `<path d="${SUIT_PATHS[suit]}" fill="${suitColour(suit)}"/></svg>`);
}

function cardSvg(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  const suit = card[1];
  const colour = suitColour(suit);
  const small = (x, y, turn) => `<g transform="translate(${x} ${y})${turn ? " rotate(180)" : ""}">` +
    `<text x="0" y="0" font-size="26" font-weight="700" text-anchor="middle" fill="${colour}" font-family="system-ui, sans-serif">${rank}</text>` +
    `<path d="${SUIT_PATHS[suit]}" fill="${colour}" transform="translate(-9 5) scale(0.18)"/></g>`;
  return svgNode(`<svg class="face" viewBox="0 0 100 140" role="img" aria-label="${cardName(card)}">` +
    `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fffef8" stroke="#8a8a8a" stroke-width="2"/>` +
    small(17, 27, false) + small(83, 113, true) +
    `<path d="${SUIT_PATHS[suit]}" fill="${colour}" transform="translate(26 42) scale(0.48)"/></svg>`);
}

function backSvg() {
  return svgNode(`<svg class="back" viewBox="0 0 100 140" aria-hidden="true">` +
    `<defs><pattern id="lattice" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="10" height="10" fill="#24477a"/><rect width="5" height="10" fill="#2e5a98"/></pattern></defs>` +
    `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="url(#lattice)" stroke="#fff" stroke-width="4"/></svg>`);
}
