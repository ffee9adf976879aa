// Générateur des images de démonstration (api/assets/demo/<slug>-<n>.jpg).
//
// Les JPEG produits sont COMMITÉS dans le dépôt : personne n'a besoin de lancer
// ce script pour faire tourner le site. Il ne sert qu'à les régénérer (nouveau
// logement de démo, retouche des illustrations).
//
// Chaque logement de api/src/seed/demo-data.ts reçoit 4 illustrations « flat »
// (séjour, chambre, cuisine, salle de bain, façade en pierre de Jaumont, vue sur
// la Moselle, maison avec piscine...) construites en SVG de façon déterministe
// (graine = slug), puis converties en JPEG 1200x800, qualité 72 (abaissée par
// paliers pour les rares images qui dépasseraient 68 Ko).
//
// `sharp` n'est volontairement PAS une dépendance du dépôt. Installez-le dans un
// dossier jetable et indiquez son chemin dans SHARP_PATH :
//
//   mkdir /tmp/imggen && cd /tmp/imggen && npm init -y && npm install sharp
//   SHARP_PATH=/tmp/imggen/node_modules/sharp node api/scripts/demo-images/generate.mjs
//
// Options : ONLY=slug1,slug2 pour ne régénérer que certains logements ;
// SVG_OUT=/tmp/dossier pour écrire aussi les SVG intermédiaires.

import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..', '..');
const dataFile = path.join(apiDir, 'src', 'seed', 'demo-data.ts');
const outDir = path.join(apiDir, 'assets', 'demo');

const W = 1200;
const H = 800;
const QUALITY = 72;
const MAX_BYTES = 68 * 1024;

// ---------------------------------------------------------------------------
// Outils : aléatoire déterministe, couleurs
// ---------------------------------------------------------------------------

function hashString(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v, a, b) => Math.max(a, Math.min(b, v));
const r1 = (v) => Math.round(v * 10) / 10;

function hsl(h, s, l) {
  h = ((h % 360) + 360) % 360;
  s = clamp(s, 0, 100) / 100;
  l = clamp(l, 0, 100) / 100;
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const to = (x) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(f(0))}${to(f(8))}${to(f(4))}`;
}

function mix(c1, c2, t) {
  const p = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const a = p(c1);
  const b = p(c2);
  return `#${a
    .map((v, i) =>
      Math.round(v + (b[i] - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
const darken = (c, t) => mix(c, '#000000', t);
const lighten = (c, t) => mix(c, '#ffffff', t);

// ---------------------------------------------------------------------------
// Construction d'un SVG
// ---------------------------------------------------------------------------

class Scene {
  constructor(rng, pal) {
    this.rng = rng;
    this.pal = pal;
    this.defs = [];
    this.body = [];
    this.n = 0;
  }
  add(...parts) {
    this.body.push(...parts);
  }
  rr(a, b) {
    return a + this.rng() * (b - a);
  }
  ri(a, b) {
    return Math.floor(this.rr(a, b + 1));
  }
  pick(arr) {
    return arr[Math.floor(this.rng() * arr.length)];
  }
  chance(p) {
    return this.rng() < p;
  }
  uid(p) {
    return `${p}${this.n++}`;
  }
  lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1) {
    const id = this.uid('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops
        .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op == null ? '' : ` stop-opacity="${op}"`}/>`)
        .join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  rad(stops, cx = 0.5, cy = 0.5, r = 0.5) {
    const id = this.uid('r');
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
        .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op == null ? '' : ` stop-opacity="${op}"`}/>`)
        .join('')}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  clip(shape) {
    const id = this.uid('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  svg(flip = false) {
    const content = this.body.join('');
    const inner = flip ? `<g transform="matrix(-1 0 0 1 ${W} 0)">${content}</g>` : content;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${this.defs.join(
      '',
    )}</defs>${inner}</svg>`;
  }
}

const rect = (x, y, w, h, fill, extra = '') =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const poly = (pts, fill, extra = '') =>
  `<polygon points="${pts.map((p) => p.map(r1).join(',')).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
/** A list of pairs written flat (x, y, x, y, … for points; offset, colour, … for gradient stops): one line per list, not one per pair. */
const byTwo = (...coords) => {
  const points = [];
  for (let i = 0; i < coords.length; i += 2) points.push([coords[i], coords[i + 1]]);
  return points;
};
/**
 * A shape symmetric about x = cx, given by its right half from top to bottom as half-width, y pairs:
 * the points run from the top's left corner down the right side and back up the left.
 */
const mirrored = (cx, ...halfWidthsAndYs) => {
  const half = byTwo(...halfWidthsAndYs);
  return [
    [cx - half[0][0], half[0][1]],
    ...half.map(([w, y]) => [cx + w, y]),
    ...half
      .slice(1)
      .reverse()
      .map(([w, y]) => [cx - w, y]),
  ];
};
const ell = (cx, cy, rx, ry, fill, extra = '') =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const circ = (cx, cy, r, fill, extra = '') =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const line = (x1, y1, x2, y2, stroke, w = 2, extra = '') =>
  `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${stroke}" stroke-width="${w}"${extra ? ` ${extra}` : ''}/>`;
const shadow = (cx, cy, rx, ry, op = 0.14) => ell(cx, cy, rx, ry, '#1e1a16', `opacity="${op}"`);

// ---------------------------------------------------------------------------
// Palette par logement
// ---------------------------------------------------------------------------

const WOODS = [
  { f: '#c99a66', d: '#a87848' }, // chêne doré
  { f: '#dcc3a0', d: '#c2a37c' }, // chêne clair
  { f: '#8d5f40', d: '#6c452d' }, // noyer
  { f: '#c4bdb3', d: '#a59d92' }, // béton ciré
  { f: '#b9825a', d: '#95623f' }, // tomettes / merisier
];

function makePalette(index, rng) {
  const h = (index * 137.508 + 20) % 360;
  const whiteWalls = index % 4 === 1;
  const a = h + 165 + (rng() - 0.5) * 30;
  return {
    h,
    wall: whiteWalls ? hsl(h, 14, 93) : hsl(h, 30 + rng() * 10, 84 + rng() * 4),
    accent: hsl(a, 32 + rng() * 10, 46 + rng() * 6),
    accent2: hsl(h + 35, 55, 62),
    accent3: hsl(h + 250, 40, 66),
    rug: hsl(h + 200, 22, 74),
    trim: '#f6f2ea',
    wood: WOODS[index % WOODS.length],
    tod: index % 3 === 2 ? 'golden' : 'day',
    stone: hsl(40 + rng() * 6, 52 + rng() * 10, 60 + rng() * 6), // pierre de Jaumont
    shutter: ['#5d7a8c', '#6f8f6a', '#8c4a3f', '#e8e1d2', '#4d5d73'][index % 5],
  };
}

// ---------------------------------------------------------------------------
// Éléments d'extérieur (ciel, silhouettes de Metz, arbres)
// ---------------------------------------------------------------------------

function sky(s, x, y, w, h, tod) {
  const fill = tod === 'golden' ? s.lin(byTwo(0, '#8fb3d9', 0.55, '#f6c99a', 1, '#fbe3c4')) : s.lin(byTwo(0, '#7fb7e6', 1, '#dcefff'));
  s.add(rect(x, y, w, h, fill));
  if (tod === 'golden') {
    const sx = x + w * s.rr(0.55, 0.85);
    const sy = y + h * 0.62;
    s.add(
      circ(
        sx,
        sy,
        h * 0.22,
        s.rad([
          [0, '#fff3d6', 0.9],
          [1, '#fff3d6', 0],
        ]),
      ),
    );
    s.add(circ(sx, sy, Math.max(10, h * 0.05), '#fff6e0'));
  }
}

function cloud(s, cx, cy, sc, op = 0.9) {
  const c = '#ffffff';
  s.add(
    `<g opacity="${op}" transform="translate(${r1(cx)},${r1(cy)}) scale(${r1(sc * 100) / 100})">` +
      ell(0, 0, 60, 18, c) +
      circ(-22, -10, 22, c) +
      circ(8, -18, 28, c) +
      circ(34, -6, 18, c) +
      `</g>`,
  );
}

/** Cathédrale Saint-Étienne stylisée ; (x, baseY) = coin bas gauche ; largeur ≈ 300*sc. */
function cathedral(x, baseY, sc, stone, roof) {
  const win = darken(stone, 0.25);
  let g = `<g transform="translate(${r1(x)},${r1(baseY)}) scale(${r1(sc * 1000) / 1000})">`;
  g += rect(-24, -62, 30, 62, stone);
  g += `<path d="M-24,-62 Q-9,-84 6,-62 Z" fill="${roof}"/>`;
  g += rect(0, -88, 290, 88, stone);
  g += poly(byTwo(-4, -88, 16, -132, 274, -132, 294, -88), roof);
  for (let i = 0; i < 9; i++) {
    const bx = 12 + i * 31;
    g += `<path d="M${bx},-18 v-44 q7,-14 14,0 v44 z" fill="${win}"/>`;
    g += poly(byTwo(bx - 6, 0, bx - 2, -84, bx + 2, -84, bx + 4, 0), lighten(stone, 0.12));
  }
  // transept
  g += rect(126, -120, 44, 120, stone);
  g += poly(byTwo(122, -120, 148, -168, 174, -120), roof);
  g += `<circle cx="148" cy="-100" r="9" fill="${win}"/>`;
  // tour du Chapitre
  g += rect(34, -158, 40, 70, stone);
  g += poly(byTwo(30, -158, 54, -186, 78, -158), roof);
  // tour de Mutte et sa flèche
  g += rect(206, -196, 42, 108, stone);
  g += `<path d="M212,-150 v-30 q9,-12 18,0 v30 z" fill="${win}"/>`;
  g += poly(byTwo(202, -196, 227, -258, 252, -196), roof);
  g += rect(224, -276, 6, 22, roof);
  g += poly(byTwo(200, -196, 204, -214, 208, -196), stone);
  g += poly(byTwo(246, -196, 250, -214, 254, -196), stone);
  g += `</g>`;
  return g;
}

/** Temple Neuf stylisé (grès clair, toits verts). */
function templeNeuf(x, baseY, sc, stone, roof) {
  let g = `<g transform="translate(${r1(x)},${r1(baseY)}) scale(${r1(sc * 1000) / 1000})">`;
  g += rect(0, -60, 150, 60, stone);
  g += poly(byTwo(-4, -60, 75, -84, 154, -60), roof);
  g += rect(58, -126, 34, 66, stone);
  g += `<path d="M54,-126 Q75,-170 96,-126 Z" fill="${roof}"/>`;
  g += rect(73, -178, 4, 14, roof);
  g += rect(0, -86, 18, 26, stone) + poly(byTwo(-3, -86, 9, -104, 21, -86), roof);
  g += rect(132, -86, 18, 26, stone) + poly(byTwo(129, -86, 141, -104, 153, -86), roof);
  for (let i = 0; i < 5; i++) g += `<path d="M${24 + i * 22},-14 v-26 q6,-9 12,0 v26 z" fill="${darken(stone, 0.28)}"/>`;
  g += `</g>`;
  return g;
}

function buildingRow(s, x0, x1, baseY, sc, colors, roofs, winCol, minH = 50, maxH = 120) {
  let x = x0;
  let out = '';
  while (x < x1) {
    const w = s.rr(46, 96) * sc;
    const h = s.rr(minH, maxH) * sc;
    const c = s.pick(colors);
    out += rect(x, baseY - h, w + 1, h, c);
    if (s.chance(0.65)) {
      const rh = s.rr(14, 30) * sc;
      out += poly(byTwo(x - 2, baseY - h, x + w * 0.15, baseY - h - rh, x + w * 0.85, baseY - h - rh, x + w + 2, baseY - h), s.pick(roofs));
    }
    const cols = Math.max(1, Math.floor(w / (16 * sc)));
    const rows = Math.max(1, Math.floor((h - 10 * sc) / (22 * sc)));
    for (let r = 0; r < rows; r++) {
      for (let c2 = 0; c2 < cols; c2++) {
        out += rect(x + 6 * sc + c2 * ((w - 8 * sc) / cols), baseY - h + 10 * sc + r * 22 * sc, 6 * sc, 10 * sc, winCol, 'opacity="0.55"');
      }
    }
    x += w;
  }
  return out;
}

function tree(cx, baseY, sc, green, trunk = '#6b4f3a') {
  const g2 = darken(green, 0.15);
  const g3 = lighten(green, 0.12);
  return (
    rect(cx - 5 * sc, baseY - 60 * sc, 10 * sc, 60 * sc, trunk) +
    circ(cx - 26 * sc, baseY - 78 * sc, 32 * sc, g2) +
    circ(cx + 24 * sc, baseY - 80 * sc, 34 * sc, g2) +
    circ(cx, baseY - 108 * sc, 40 * sc, green) +
    circ(cx - 12 * sc, baseY - 118 * sc, 18 * sc, g3, 'opacity="0.6"')
  );
}

function poplar(cx, baseY, sc, green) {
  return rect(cx - 3 * sc, baseY - 30 * sc, 6 * sc, 30 * sc, '#6b4f3a') + ell(cx, baseY - 90 * sc, 22 * sc, 70 * sc, green);
}

/** Vue extérieure (dans une fenêtre) : ciel, nuages, toits et cathédrale. */
function outdoorView(s, x, y, w, h, kind) {
  const tod = s.pal.tod;
  sky(s, x, y, w, h, tod);
  cloud(s, x + w * s.rr(0.15, 0.4), y + h * s.rr(0.12, 0.25), s.rr(0.5, 0.8));
  if (s.chance(0.6)) cloud(s, x + w * s.rr(0.6, 0.9), y + h * s.rr(0.2, 0.35), s.rr(0.35, 0.6), 0.75);
  const base = y + h;
  const haze = tod === 'golden' ? '#f3d2b0' : '#cfe3f3';
  if (kind === 'city') {
    const farCols = ['#e3d2ae', '#d9c7a3', '#e8dcc4'].map((c) => mix(c, haze, 0.35));
    const farRoofs = ['#9aa6b6', '#a7b1bf'].map((c) => mix(c, haze, 0.3));
    s.add(buildingRow(s, x - 20, x + w + 20, base - h * 0.18, h / 520, farCols, farRoofs, '#8d99a8', 60, 140));
    const sc = (w / 300) * 0.85;
    s.add(cathedral(x + w * s.rr(0.12, 0.3), base - h * 0.2, sc, mix('#d6b264', haze, 0.2), mix('#7e8a9b', haze, 0.15)));
    const nearCols = ['#e2c17a', '#d9b46a', '#efe3cc', '#cfa866'];
    s.add(buildingRow(s, x - 20, x + w + 20, base, h / 420, nearCols, ['#6f7b8c', '#7d6a5e', '#5f6b7c'], '#4f5d6e', 50, 110));
  } else {
    const hill = mix('#7fa07a', haze, 0.35);
    s.add(
      `<path d="M${x},${base - h * 0.35} Q${x + w * 0.3},${base - h * 0.5} ${x + w * 0.6},${base - h * 0.38} T${x + w},${base - h * 0.42} V${base} H${x} Z" fill="${hill}"/>`,
    );
    for (let i = 0; i < 6; i++) {
      s.add(tree(x + (i / 5) * w + s.rr(-20, 20), base + 10, (h / 380) * s.rr(0.8, 1.3), s.pick(['#5d8f55', '#4f7f4a', '#6e9c5c'])));
    }
  }
}

// ---------------------------------------------------------------------------
// Intérieur : murs, sols, fenêtres, mobilier
// ---------------------------------------------------------------------------

/** The wall down to the floor's line, lighter at the top. */
function paintWall(s, floorY) {
  s.add(rect(0, 0, W, floorY, s.lin(byTwo(0, lighten(s.pal.wall, 0.25), 1, s.pal.wall))));
}

function wallAndFloor(s, floorY, { panels = false, tiles = false } = {}) {
  const p = s.pal;
  paintWall(s, floorY);
  if (panels) {
    const c = darken(p.wall, 0.1);
    const top = 70;
    const mid = floorY - 190;
    for (let x = 40; x < W - 40; x += 230) {
      s.add(rect(x, top, 200, mid - top - 30, 'none', `stroke="${c}" stroke-width="3" opacity="0.55"`));
      s.add(rect(x, mid, 200, floorY - mid - 40, 'none', `stroke="${c}" stroke-width="3" opacity="0.55"`));
    }
    s.add(rect(0, mid - 20, W, 8, lighten(p.wall, 0.4), 'opacity="0.8"'));
  }
  s.add(rect(0, 0, W, 26, '#000000', 'opacity="0.05"'));
  if (tiles) {
    tileFloor(s, floorY);
  } else {
    woodFloor(s, floorY);
  }
  s.add(rect(0, floorY - 16, W, 16, p.trim));
  s.add(rect(0, floorY, W, 4, '#000000', 'opacity="0.08"'));
}

function woodFloor(s, y0) {
  const { f, d } = s.pal.wood;
  s.add(rect(0, y0, W, H - y0, s.lin(byTwo(0, d, 0.3, f, 1, darken(f, 0.08)))));
  const vx = W / 2;
  const vy = y0 - 520;
  const t = (H - y0) / (y0 - vy);
  let out = '';
  for (let i = -16; i <= 16; i++) {
    const xb = vx + i * 64;
    out += line(xb, y0, xb + (xb - vx) * t, H, d, 2, 'opacity="0.55"');
  }
  // joints de lames décalés
  for (let row = 0; row < 5; row++) {
    const yy = y0 + ((H - y0) * (row + 0.5)) / 5;
    for (let i = -16; i <= 16; i += 2) {
      const k = i + (row % 2);
      const tt = (yy - vy) / (y0 - vy);
      const xa = vx + k * 64 * tt;
      out += line(xa, yy, xa + 64 * tt, yy, d, 1.5, 'opacity="0.35"');
    }
  }
  s.add(out);
}

function tileFloor(s, y0) {
  const base = s.pal.wood.f === '#8d5f40' ? '#d8d2c8' : lighten(s.pal.wood.f, 0.45);
  s.add(rect(0, y0, W, H - y0, s.lin(byTwo(0, darken(base, 0.08), 1, base))));
  const vx = W / 2;
  const vy = y0 - 480;
  const t = (H - y0) / (y0 - vy);
  const c = darken(base, 0.2);
  let out = '';
  for (let i = -14; i <= 14; i++) {
    const xb = vx + i * 80;
    out += line(xb, y0, xb + (xb - vx) * t, H, c, 2);
  }
  let yy = y0;
  let step = 18;
  while (yy < H) {
    out += line(0, yy, W, yy, c, 2);
    yy += step;
    step *= 1.45;
  }
  s.add(out);
}

function windowFrame(s, x, y, w, h, { kind = 'city', curtains = true, panesV = 2, panesH = 3, arched = false } = {}) {
  const p = s.pal;
  const frame = p.trim;
  const shape = arched
    ? `<path d="M${x},${y + h} V${y + w / 2} A${w / 2},${w / 2} 0 0 1 ${x + w},${y + w / 2} V${y + h} Z"/>`
    : `<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`;
  if (arched) {
    s.add(
      `<path d="M${x - 16},${y + h + 16} V${y + w / 2} A${w / 2 + 16},${w / 2 + 16} 0 0 1 ${x + w + 16},${y + w / 2} V${y + h + 16} Z" fill="${frame}"/>`,
    );
  } else {
    s.add(rect(x - 16, y - 16, w + 32, h + 32, frame));
  }
  s.add(rect(x - 16, y + h + 16, w + 32, 8, '#000000', 'opacity="0.07"'));
  const cp = s.clip(shape);
  const saved = s.body;
  s.body = [];
  outdoorView(s, x, y, w, h, kind);
  const view = s.body.join('');
  s.body = saved;
  s.add(
    `<g clip-path="${cp}">${view}${poly(
      byTwo(x + w * 0.1, y, x + w * 0.35, y, x, y + h * 0.45, x, y + h * 0.2),
      '#ffffff',
      'opacity="0.18"',
    )}</g>`,
  );
  let bars = '';
  for (let i = 1; i < panesV; i++) bars += rect(x + (w * i) / panesV - 5, y, 10, h, frame);
  for (let j = 1; j < panesH; j++) bars += rect(x, y + (h * j) / panesH - 4, w, 8, frame);
  s.add(`<g clip-path="${cp}">${bars}</g>`);
  s.add(rect(x - 28, y + h + 14, w + 56, 14, lighten(frame, 0.3)));
  if (curtains) {
    const c = s.chance(0.5) ? lighten(p.accent2, 0.45) : '#efe7da';
    const fold = darken(c, 0.12);
    const top = y - 48;
    const bottom = Math.min(y + h + 120, H);
    s.add(line(x - 90, top, x + w + 90, top, '#3d3a36', 5));
    for (const side of [-1, 1]) {
      const cx0 = side < 0 ? x - 80 : x + w - 10;
      const pw = 90;
      s.add(
        `<path d="M${cx0},${top} H${cx0 + pw} C${cx0 + pw - side * 10},${top + 200} ${cx0 + pw - side * 4},${bottom - 120} ${cx0 + pw},${bottom} H${cx0} Z" fill="${c}"/>`,
      );
      for (let k = 1; k < 4; k++) s.add(line(cx0 + (pw * k) / 4, top + 6, cx0 + (pw * k) / 4, bottom - 2, fold, 4, 'opacity="0.7"'));
    }
  }
}

function plant(s, x, y, sc = 1, tall = false) {
  const pot = s.pick(['#e9e3d9', '#c8694a', '#3f4a55', '#d9c3a0', lighten(s.pal.accent, 0.3)]);
  const greens = ['#4e8a4b', '#3f7a45', '#5f9b52', '#2f6b3e'];
  let g = `<g transform="translate(${r1(x)},${r1(y)}) scale(${r1(sc * 100) / 100})">`;
  g += ell(0, 0, 40, 8, '#000000', 'opacity="0.12"');
  const n = tall ? 11 : 8;
  for (let i = 0; i < n; i++) {
    const a = -75 + (150 * i) / (n - 1) + s.rr(-8, 8);
    const len = (tall ? s.rr(70, 110) : s.rr(40, 62)) * (1 - Math.abs(a) / 220);
    g += `<ellipse cx="0" cy="${r1(-len)}" rx="${r1(tall ? 16 : 12)}" ry="${r1(len)}" fill="${s.pick(greens)}" transform="translate(0,-70) rotate(${r1(a)})"/>`;
  }
  g += `<path d="M-34,-72 H34 L26,0 H-26 Z" fill="${pot}"/>`;
  g += rect(-36, -76, 72, 10, darken(pot, 0.1), 'rx="3"');
  g += `</g>`;
  s.add(g);
}

function floorLamp(s, x, y) {
  const metal = '#2f2d2b';
  const shade = s.pick(['#f3ead8', lighten(s.pal.accent2, 0.35), '#e7d6b8']);
  s.add(
    circ(
      x,
      y - 300,
      150,
      s.rad([
        [0, '#fff0c8', 0.45],
        [1, '#fff0c8', 0],
      ]),
    ),
  );
  s.add(ell(x, y, 34, 7, metal));
  s.add(rect(x - 3, y - 300, 6, 300, metal));
  s.add(poly(mirrored(x, 46, y - 290, 30, y - 372), shade));
}

function pendant(s, x, len, col) {
  s.add(line(x, 0, x, len, '#2f2d2b', 2));
  s.add(
    circ(
      x,
      len + 28,
      90,
      s.rad([
        [0, '#fff1cc', 0.35],
        [1, '#fff1cc', 0],
      ]),
    ),
  );
  s.add(`<path d="M${x - 36},${len + 34} Q${x - 34},${len} ${x},${len} Q${x + 34},${len} ${x + 36},${len + 34} Z" fill="${col}"/>`);
  s.add(ell(x, len + 34, 12, 5, '#fff4d6'));
}

function frameArt(s, x, y, w, h) {
  const p = s.pal;
  const fc = s.pick(['#2b2b2b', '#b48a56', '#f4f1ea', '#8a6a4a']);
  s.add(rect(x + 6, y + 8, w, h, '#000000', 'opacity="0.1"'));
  s.add(rect(x, y, w, h, fc));
  s.add(rect(x + 8, y + 8, w - 16, h - 16, '#fbf8f2'));
  const ix = x + 18;
  const iy = y + 18;
  const iw = w - 36;
  const ih = h - 36;
  const style = s.ri(0, 2);
  if (style === 0) {
    // paysage abstrait
    s.add(rect(ix, iy, iw, ih, lighten(p.accent3, 0.5)));
    s.add(circ(ix + iw * 0.7, iy + ih * 0.35, Math.min(iw, ih) * 0.16, p.accent2));
    s.add(poly(byTwo(ix, iy + ih, ix + iw * 0.35, iy + ih * 0.45, ix + iw * 0.7, iy + ih), p.accent));
    s.add(poly(byTwo(ix + iw * 0.35, iy + ih, ix + iw * 0.7, iy + ih * 0.6, ix + iw, iy + ih), darken(p.accent, 0.2)));
  } else if (style === 1) {
    // formes géométriques
    s.add(rect(ix, iy, iw, ih, '#f1ebe0'));
    s.add(circ(ix + iw * 0.35, iy + ih * 0.45, Math.min(iw, ih) * 0.28, p.accent2));
    s.add(rect(ix + iw * 0.45, iy + ih * 0.3, iw * 0.4, ih * 0.55, p.accent, 'opacity="0.85"'));
    s.add(line(ix + iw * 0.1, iy + ih * 0.85, ix + iw * 0.9, iy + ih * 0.85, '#2b2b2b', 3));
  } else {
    // vagues (la Moselle)
    s.add(rect(ix, iy, iw, ih, lighten(p.accent3, 0.6)));
    for (let k = 0; k < 4; k++) {
      const yy = iy + ih * (0.35 + k * 0.17);
      s.add(
        `<path d="M${ix},${yy} q${iw / 8},-${ih / 10} ${iw / 4},0 t${iw / 4},0 t${iw / 4},0 t${iw / 4},0 V${iy + ih} H${ix} Z" fill="${mix(p.accent, '#ffffff', 0.55 - k * 0.15)}"/>`,
      );
    }
  }
}

function shelf(s, x, y, w) {
  const wood = s.pal.wood.d;
  s.add(rect(x, y, w, 10, wood));
  s.add(rect(x, y + 10, w, 4, '#000000', 'opacity="0.12"'));
  let bx = x + 14;
  const cols = [s.pal.accent, s.pal.accent2, s.pal.accent3, '#f0e6d6', '#3f4a55', '#b5533c'];
  while (bx < x + w * 0.55) {
    const bw = s.rr(10, 20);
    const bh = s.rr(42, 64);
    s.add(rect(bx, y - bh, bw, bh, s.pick(cols)));
    bx += bw + 1.5;
  }
  // vase
  s.add(`<path d="M${x + w * 0.72 - 14},${y} q-8,-30 6,-46 h16 q14,16 6,46 Z" fill="${s.pick(['#e8e2d8', '#c9b79c', s.pal.accent3])}"/>`);
  // petit cactus
  s.add(rect(x + w * 0.88 - 12, y - 22, 24, 22, '#c8694a'));
  s.add(`<rect x="${x + w * 0.88 - 7}" y="${y - 54}" width="14" height="34" rx="7" fill="#4e8a4b"/>`);
}

function sofa(s, x, y, w, col) {
  const dark = darken(col, 0.18);
  const light = lighten(col, 0.12);
  s.add(shadow(x + w / 2, y + 2, w / 2 + 20, 14));
  s.add(rect(x + 30, y - 16, 10, 16, '#3a2f27') + rect(x + w - 40, y - 16, 10, 16, '#3a2f27'));
  s.add(`<rect x="${x + 8}" y="${y - 190}" width="${w - 16}" height="120" rx="26" fill="${dark}"/>`);
  const n = w > 460 ? 3 : 2;
  const cw = (w - 110) / n;
  for (let i = 0; i < n; i++)
    s.add(`<rect x="${x + 55 + i * cw + 3}" y="${y - 178}" width="${cw - 6}" height="96" rx="20" fill="${col}"/>`);
  s.add(`<rect x="${x + 8}" y="${y - 96}" width="${w - 16}" height="80" rx="14" fill="${dark}"/>`);
  for (let i = 0; i < n; i++)
    s.add(`<rect x="${x + 50 + i * cw + 2}" y="${y - 104}" width="${cw - 4}" height="36" rx="12" fill="${light}"/>`);
  s.add(`<rect x="${x}" y="${y - 140}" width="56" height="124" rx="24" fill="${col}"/>`);
  s.add(`<rect x="${x + w - 56}" y="${y - 140}" width="56" height="124" rx="24" fill="${col}"/>`);
  // coussins déco
  const c1 = s.pal.accent2;
  const c2 = s.pick(['#f2ece2', s.pal.accent3]);
  s.add(`<rect x="${x + 70}" y="${y - 160}" width="78" height="66" rx="16" fill="${c1}" transform="rotate(-8 ${x + 109} ${y - 127})"/>`);
  s.add(
    `<rect x="${x + w - 150}" y="${y - 160}" width="78" height="66" rx="16" fill="${c2}" transform="rotate(7 ${x + w - 111} ${y - 127})"/>`,
  );
  // plaid
  if (s.chance(0.6)) {
    const pc = lighten(s.pal.accent3, 0.2);
    s.add(`<path d="M${x + w - 60},${y - 140} h46 v100 l-10,18 l-12,-10 l-12,10 l-12,-10 Z" fill="${pc}"/>`);
  }
}

function coffeeTable(s, cx, y) {
  const wood = s.pal.wood.d;
  const top = s.pick([wood, '#f2efe9', '#2f2d2b']);
  s.add(shadow(cx, y + 2, 170, 12, 0.12));
  s.add(rect(cx - 140, y - 52, 10, 52, darken(wood, 0.2)) + rect(cx + 130, y - 52, 10, 52, darken(wood, 0.2)));
  s.add(`<rect x="${cx - 160}" y="${y - 66}" width="320" height="16" rx="6" fill="${top}"/>`);
  s.add(rect(cx - 120, y - 80, 70, 14, s.pal.accent) + rect(cx - 114, y - 92, 60, 12, '#f0e6d6'));
  s.add(`<path d="M${cx + 40},${y - 66} q-6,-30 8,-44 h14 q14,14 8,44 Z" fill="${s.pal.accent3}"/>`);
  for (let i = 0; i < 3; i++) s.add(circ(cx + 48 + i * 10 - 10, y - 120 - (i % 2) * 10, 9, s.pick(['#f2c14e', '#e86a5a', '#ffffff'])));
  s.add(`<rect x="${cx + 96}" y="${y - 92}" width="22" height="26" rx="4" fill="#f4f1ea"/>`);
}

function rug(s, cx, y, w) {
  const c = s.pal.rug;
  s.add(poly(byTwo(cx - w / 2, y - 40, cx + w / 2, y - 40, cx + w / 2 + 60, y + 50, cx - w / 2 - 60, y + 50), c));
  s.add(
    poly(
      byTwo(cx - w / 2 + 24, y - 32, cx + w / 2 - 24, y - 32, cx + w / 2 + 28, y + 40, cx - w / 2 - 28, y + 40),
      'none',
      `stroke="${darken(c, 0.15)}" stroke-width="5"`,
    ),
  );
}

function livingRoom(s, { pompidou = false } = {}) {
  const floorY = 560;
  wallAndFloor(s, floorY, { panels: s.chance(0.45) });
  const arched = s.chance(0.3);
  windowFrame(s, 90, 90, 300, 380, { kind: s.pal.forest ? 'nature' : 'city', arched });
  if (pompidou) pompidouHint(s, 90, 90, 300, 380);
  const sofaCol = s.pal.accent;
  rug(s, 720, 712, 560);
  sofa(s, 470, 650, 500, sofaCol);
  if (s.chance(0.5)) {
    frameArt(s, 560, 170, 150, 190);
    frameArt(s, 740, 200, 130, 130);
  } else {
    frameArt(s, 590, 190, 260, 170);
  }
  if (s.chance(0.5)) shelf(s, 880, 300, 220);
  floorLamp(s, 1060, 660);
  plant(s, 420, 640, 1.1, true);
  coffeeTable(s, 720, 770);
  if (s.chance(0.6)) pendant(s, 720, 60, s.pick(['#2f2d2b', s.pal.accent2, '#e8e2d8']));
}

function pompidouHint(s, x, y, w, h) {
  // toit blanc ondulé du Centre Pompidou-Metz, vu au loin par la fenêtre
  const cp = s.clip(`<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`);
  const bx = x + w * 0.55;
  const by = y + h * 0.7;
  s.add(
    `<g clip-path="${cp}"><path d="M${bx - 120},${by} Q${bx - 80},${by - 60} ${bx - 20},${by - 66} Q${bx + 40},${by - 70} ${bx + 60},${by - 120} L${bx + 66},${by - 120} Q${bx + 90},${by - 60} ${bx + 150},${by - 40} L${bx + 150},${by} Z" fill="#f5f3ee"/>` +
      `<path d="M${bx - 100},${by - 10} Q${bx - 20},${by - 60} ${bx + 63},${by - 118} M${bx - 40},${by - 4} Q${bx + 20},${by - 40} ${bx + 63},${by - 118} M${bx + 63},${by - 118} Q${bx + 100},${by - 50} ${bx + 140},${by - 30}" stroke="#c9c2b6" stroke-width="2" fill="none"/>` +
      rect(bx - 80, by - 40, 60, 40, '#9ab0c0', 'opacity="0.8"') +
      `</g>`,
  );
}

function bedroom(s) {
  const p = s.pal;
  const floorY = 560;
  wallAndFloor(s, floorY, { panels: s.chance(0.3) });
  windowFrame(s, 70, 110, 240, 330, { kind: p.forest ? 'nature' : 'city', panesH: 3 });
  const cx = 700;
  // tableau au-dessus
  if (s.chance(0.5)) {
    frameArt(s, cx - 170, 130, 150, 110);
    frameArt(s, cx + 20, 130, 150, 110);
  } else {
    frameArt(s, cx - 130, 120, 260, 130);
  }
  // tapis
  s.add(poly(mirrored(cx, 330, 690, 400, 790), p.rug));
  // tête de lit capitonnée
  const hb = s.pick([p.accent, darken(p.accent3, 0.1), '#d8cbb8']);
  s.add(`<rect x="${cx - 250}" y="300" width="500" height="${floorY + 10 - 300}" rx="24" fill="${hb}"/>`);
  for (let k = 1; k < 6; k++) s.add(line(cx - 250 + k * 83, 316, cx - 250 + k * 83, floorY - 30, darken(hb, 0.15), 3));
  // chevets
  for (const side of [-1, 1]) {
    const nx = cx + side * 330 - 50;
    s.add(rect(nx, 470, 100, 108, p.wood.d) + rect(nx + 8, 500, 84, 2, darken(p.wood.d, 0.3)) + rect(nx + 44, 520, 12, 5, '#e8e2d8'));
    s.add(
      circ(
        nx + 50,
        410,
        90,
        s.rad([
          [0, '#fff0c8', 0.4],
          [1, '#fff0c8', 0],
        ]),
      ),
    );
    s.add(`<path d="M${nx + 38},${470} q-6,-22 12,-32 q18,10 12,32 Z" fill="${p.accent3}"/>`);
    s.add(poly(byTwo(nx + 22, 440, nx + 78, 440, nx + 66, 396, nx + 34, 396), '#f4ecdc'));
  }
  // lit
  s.add(shadow(cx, 732, 300, 14));
  s.add(rect(cx - 250, 700, 16, 30, '#3a2f27') + rect(cx + 234, 700, 16, 30, '#3a2f27'));
  s.add(rect(cx - 260, 660, 520, 50, darken(hb, 0.12)));
  s.add(poly(mirrored(cx, 220, 470, 262, 620), '#fbfaf7'));
  // oreillers
  s.add(`<rect x="${cx - 200}" y="430" width="180" height="72" rx="22" fill="#ffffff"/>`);
  s.add(`<rect x="${cx + 20}" y="430" width="180" height="72" rx="22" fill="#ffffff"/>`);
  s.add(`<rect x="${cx - 200}" y="496" width="400" height="6" fill="#000000" opacity="0.06"/>`);
  s.add(`<rect x="${cx - 60}" y="462" width="120" height="56" rx="16" fill="${p.accent2}"/>`);
  // couette
  const duvet = s.pick([lighten(p.accent, 0.45), '#f1ede6', lighten(p.accent3, 0.35)]);
  s.add(poly(mirrored(cx, 230, 530, 262, 620, 262, 690), duvet));
  s.add(poly(mirrored(cx, 230, 530, 236, 552), lighten(duvet, 0.5)));
  s.add(line(cx - 262, 620, cx + 262, 620, darken(duvet, 0.1), 3));
  // plaid
  const throwC = s.pick([p.accent2, darken(p.accent, 0.05), '#c8694a']);
  s.add(poly(mirrored(cx, 248, 580, 262, 625, 262, 700), throwC));
  for (let k = 0; k < 3; k++) s.add(line(cx - 262, 640 + k * 18, cx + 262, 640 + k * 18, lighten(throwC, 0.25), 3));
  plant(s, 1100, 700, 1.05, true);
}

function kitchen(s) {
  const p = s.pal;
  const floorY = 660;
  paintWall(s, floorY);
  tileFloor(s, floorY);
  const cab = s.pick([p.accent, '#f1eee8', darken(p.accent3, 0.15), '#2f3a45']);
  const cabLine = darken(cab, 0.15);
  const counter = s.pick(['#efe9df', '#2b2b2b', p.wood.f, '#d9d4cc']);
  // crédence
  const tile = s.pick(['#ffffff', lighten(p.accent3, 0.55), '#e9f0ef', lighten(p.accent2, 0.55)]);
  s.add(rect(40, 280, 860, 200, tile));
  let grout = '';
  for (let yy = 280; yy <= 480; yy += 25) grout += line(40, yy, 900, yy, darken(tile, 0.1), 1.5);
  for (let yy = 280, r = 0; yy < 480; yy += 25, r++)
    for (let xx = 40 + (r % 2) * 25; xx <= 900; xx += 50) grout += line(xx, yy, xx, yy + 25, darken(tile, 0.1), 1.5);
  s.add(grout);
  // fenêtre au-dessus de l'évier
  windowFrame(s, 380, 110, 240, 260, { kind: p.forest ? 'nature' : 'city', curtains: false, panesH: 2 });
  // placards hauts
  for (const [x0, x1] of byTwo(40, 340, 660, 900)) {
    s.add(rect(x0, 90, x1 - x0, 170, cab));
    s.add(rect(x0, 258, x1 - x0, 8, '#000000', 'opacity="0.1"'));
    const n = Math.round((x1 - x0) / 120);
    for (let i = 1; i < n; i++) s.add(line(x0 + ((x1 - x0) * i) / n, 90, x0 + ((x1 - x0) * i) / n, 258, cabLine, 3));
    for (let i = 0; i < n; i++) s.add(rect(x0 + ((x1 - x0) * (i + 0.5)) / n - 18, 238, 36, 6, '#b9b3aa'));
  }
  // plan de travail et meubles bas
  s.add(rect(40, 500, 860, floorY - 500, cab));
  s.add(rect(40, floorY - 22, 860, 22, darken(cab, 0.3)));
  for (let i = 1; i < 7; i++) s.add(line(40 + (860 * i) / 7, 500, 40 + (860 * i) / 7, floorY - 22, cabLine, 3));
  for (let i = 0; i < 7; i++) s.add(rect(40 + (860 * (i + 0.5)) / 7 - 20, 518, 40, 6, '#b9b3aa'));
  // four
  s.add(rect(40 + (860 * 1) / 7 + 6, 540, 860 / 7 - 12, 90, '#2b2d30') + rect(40 + (860 * 1) / 7 + 18, 560, 860 / 7 - 36, 50, '#4a4f57'));
  s.add(rect(30, 478, 880, 24, counter));
  s.add(rect(30, 502, 880, 6, '#000000', 'opacity="0.12"'));
  // plaque + hotte
  const hobX = 40 + (860 * 1.5) / 7;
  s.add(rect(hobX - 70, 472, 140, 8, '#1f1f1f'));
  s.add(poly(mirrored(hobX, 60, 210, 80, 262), '#c9ccd0'));
  s.add(rect(hobX - 18, 90, 36, 122, '#c9ccd0'));
  s.add(
    `<path d="M${hobX - 55},472 v-30 h80 v30 Z" fill="${s.pick(['#c8694a', '#2f3a45', p.accent2])}"/>` +
      rect(hobX + 25, 446, 30, 6, '#2f2d2b'),
  );
  // évier + robinet
  s.add(rect(420, 474, 160, 8, '#aeb4ba'));
  s.add(`<path d="M500,474 v-70 q0,-18 22,-18 h14 v10 h-12 q-12,0 -12,12 v66 Z" fill="#9aa0a6"/>`);
  // objets : planche, pot à ustensiles, corbeille de fruits, bouilloire
  s.add(`<rect x="640" y="392" width="70" height="86" rx="12" fill="${p.wood.f}"/>`);
  s.add(rect(726, 430, 34, 48, '#e8e2d8'));
  s.add(line(736, 430, 730, 396, '#2f2d2b', 4) + line(746, 430, 752, 392, p.wood.d, 4) + line(742, 430, 742, 400, '#9aa0a6', 4));
  s.add(`<path d="M790,478 q0,-34 50,-34 q50,0 50,34 Z" fill="#e8e2d8"/>`);
  for (const [fx, fy, fc] of [
    [815, 446, '#e8513f'],
    [840, 440, '#f2b134'],
    [865, 446, '#8bc34a'],
    [828, 430, '#f2b134'],
  ])
    s.add(circ(fx, fy, 14, fc));
  plant(s, 320, 478, 0.55);
  // frigo
  s.add(rect(930, 110, 200, floorY - 110, '#e4e6e8'));
  s.add(rect(930, 110, 12, floorY - 110, '#cfd2d6'));
  s.add(line(930, 330, 1130, 330, '#b9bdc2', 3));
  s.add(rect(950, 230, 8, 80, '#9aa0a6') + rect(950, 350, 8, 120, '#9aa0a6'));
  // suspensions
  pendant(s, 280, 40, s.pick(['#2f2d2b', p.accent2, '#e8e2d8']));
  pendant(s, 780, 40, s.pick(['#2f2d2b', p.accent2, '#e8e2d8']));
  if (s.chance(0.5)) {
    // table de bistrot et deux chaises
    const tx = 560;
    const ch = s.pick([p.accent, '#2f2d2b', p.wood.d]);
    s.add(shadow(tx, 792, 200, 10));
    for (const side of [-1, 1]) {
      const cx = tx + side * 140;
      s.add(`<path d="M${cx - 34},792 L${cx - 28},724 M${cx + 34},792 L${cx + 28},724" stroke="${ch}" stroke-width="6"/>`);
      s.add(`<rect x="${cx - 42}" y="712" width="84" height="14" rx="6" fill="${ch}"/>`);
      s.add(`<rect x="${cx + side * 28 - 6}" y="620" width="12" height="96" rx="5" fill="${ch}"/>`);
      s.add(
        `<rect x="${cx + side * 20 - 22}" y="616" width="44" height="26" rx="8" fill="${ch}" transform="rotate(${side * 8} ${cx + side * 20} 629)"/>`,
      );
    }
    s.add(rect(tx - 5, 690, 10, 100, '#2f2d2b') + ell(tx, 792, 40, 7, '#2f2d2b'));
    s.add(ell(tx, 690, 120, 16, s.pick(['#f4f1ea', p.wood.f, '#d9d4cc'])));
    s.add(`<path d="M${tx - 14},688 q-4,-30 14,-46 q18,16 14,46 Z" fill="${p.accent3}"/>`);
    for (let k = 0; k < 3; k++) s.add(circ(tx - 8 + k * 8, 636 - (k % 2) * 8, 7, s.pick(['#f2c14e', '#e0566b', '#ffffff'])));
  } else {
    // îlot avec tabourets
    const ix0 = 300;
    const ix1 = 860;
    s.add(shadow((ix0 + ix1) / 2, 796, (ix1 - ix0) / 2 + 30, 10));
    s.add(rect(ix0, 700, ix1 - ix0, 100, darken(cab, 0.06)));
    for (let i = 1; i < 4; i++) s.add(line(ix0 + ((ix1 - ix0) * i) / 4, 710, ix0 + ((ix1 - ix0) * i) / 4, 800, cabLine, 3));
    s.add(rect(ix0 - 16, 684, ix1 - ix0 + 32, 20, counter));
    s.add(`<path d="M${ix0 + 60},684 q0,-28 40,-28 q40,0 40,28 Z" fill="#e8e2d8"/>`);
    s.add(circ(ix0 + 86, 652, 12, '#e8513f') + circ(ix0 + 110, 650, 12, '#8bc34a'));
    s.add(`<rect x="${ix1 - 140}" y="640" width="26" height="44" rx="6" fill="#7a2e3a"/>` + rect(ix1 - 132, 626, 10, 16, '#7a2e3a'));
    s.add(`<rect x="${ix1 - 100}" y="652" width="24" height="32" rx="4" fill="#f4f1ea"/>`);
  }
}

function bathroom(s) {
  const p = s.pal;
  const floorY = 620;
  const tile = s.pick(['#f4f4f1', lighten(p.accent3, 0.5), '#e6efee', lighten(p.accent, 0.6)]);
  s.add(rect(0, 0, W, floorY, tile));
  let grout = '';
  for (let yy = 40; yy < floorY; yy += 60) grout += line(0, yy, W, yy, darken(tile, 0.08), 2);
  for (let xx = 0; xx < W; xx += 60) grout += line(xx, 0, xx, floorY, darken(tile, 0.08), 2);
  s.add(grout);
  // frise
  s.add(rect(0, 360, W, 24, s.pick([p.accent, '#2f3a45', p.accent2])));
  tileFloor(s, floorY);
  // petite fenêtre dépolie
  s.add(rect(150, 60, 220, 170, '#ffffff'));
  s.add(rect(164, 74, 192, 142, s.lin(byTwo(0, '#dfeaf2', 1, '#f6fafc'))));
  s.add(rect(256, 74, 8, 142, '#ffffff'));
  s.add(rect(136, 230, 248, 12, '#f0eeea'));
  // baignoire
  s.add(shadow(330, 640, 290, 14));
  s.add(`<path d="M60,440 H620 V560 Q620,630 540,630 H140 Q60,630 60,560 Z" fill="#ffffff"/>`);
  s.add(rect(52, 432, 576, 18, '#f0eeea', 'rx="9"'));
  s.add(`<path d="M60,450 H620 V470 H60 Z" fill="#000000" opacity="0.05"/>`);
  s.add(rect(120, 620, 20, 24, '#b9a36a') + rect(540, 620, 20, 24, '#b9a36a'));
  // douche
  s.add(line(100, 440, 100, 130, '#aeb4ba', 8) + line(100, 130, 150, 130, '#aeb4ba', 8));
  s.add(ell(160, 140, 30, 10, '#9aa0a6'));
  // rideau
  const cur = s.pick([lighten(p.accent, 0.35), '#ffffff', lighten(p.accent2, 0.4)]);
  s.add(line(60, 70, 640, 70, '#9aa0a6', 5));
  s.add(`<path d="M520,72 H640 V420 Q600,430 560,420 Q540,420 520,410 Z" fill="${cur}"/>`);
  for (let k = 0; k < 4; k++) s.add(line(535 + k * 28, 74, 535 + k * 28, 416, darken(cur, 0.1), 4));
  // meuble vasque + miroir
  const vx = 760;
  const vw = 320;
  s.add(rect(vx, 470, vw, 110, s.pick([p.wood.f, '#2f3a45', '#ffffff', p.accent])));
  s.add(line(vx + vw / 2, 480, vx + vw / 2, 570, '#000000', 2, 'opacity="0.2"'));
  s.add(rect(vx - 10, 456, vw + 20, 16, '#f0eeea'));
  s.add(ell(vx + vw / 2, 452, 70, 16, '#ffffff') + ell(vx + vw / 2, 452, 56, 10, '#e6e8ea'));
  s.add(`<path d="M${vx + vw / 2 - 4},440 v-36 h28 v8 h-20 v28 Z" fill="#9aa0a6"/>`);
  const round = s.chance(0.5);
  if (round) {
    s.add(circ(vx + vw / 2, 280, 118, s.pick(['#c9a24c', '#2f2d2b', '#ffffff'])));
    s.add(circ(vx + vw / 2, 280, 108, s.lin(byTwo(0, '#dfeaf2', 1, '#b9ccd9'), 0, 0, 1, 1)));
    s.add(
      `<path d="M${vx + vw / 2 - 60},${220} l40,-40 M${vx + vw / 2 - 40},${260} l70,-70" stroke="#ffffff" stroke-width="8" opacity="0.5"/>`,
    );
  } else {
    s.add(
      `<rect x="${vx + 20}" y="150" width="${vw - 40}" height="250" rx="22" fill="${s.lin(
        byTwo(0, '#dfeaf2', 1, '#b9ccd9'),
        0,
        0,
        1,
        1,
      )}" stroke="#2f2d2b" stroke-width="6"/>`,
    );
    s.add(`<path d="M${vx + 60},220 l40,-40 M${vx + 80},260 l70,-70" stroke="#ffffff" stroke-width="8" opacity="0.5"/>`);
  }
  // flacons
  s.add(
    `<rect x="${vx + 30}" y="420" width="20" height="36" rx="5" fill="${p.accent2}"/>` +
      `<rect x="${vx + 56}" y="428" width="18" height="28" rx="5" fill="#f4f1ea"/>`,
  );
  // porte-serviettes
  s.add(line(660, 330, 740, 330, '#9aa0a6', 6));
  const tw = s.pick([p.accent2, '#ffffff', lighten(p.accent3, 0.2)]);
  s.add(
    `<path d="M668,330 h64 v150 h-64 Z" fill="${tw}"/>` +
      line(668, 455, 732, 455, darken(tw, 0.15), 4) +
      line(668, 465, 732, 465, darken(tw, 0.15), 4),
  );
  // tapis de bain
  s.add(`<rect x="${vx + 20}" y="660" width="280" height="60" rx="30" fill="${s.pick([p.rug, p.accent3, '#ffffff'])}"/>`);
  plant(s, 1140, 640, 0.8, true);
  plant(s, 330, 230, 0.4);
}

// ---------------------------------------------------------------------------
// Extérieurs
// ---------------------------------------------------------------------------

function facade(s, { withCathedral = true } = {}) {
  const p = s.pal;
  sky(s, 0, 0, W, 720, p.tod);
  cloud(s, s.rr(120, 400), s.rr(60, 120), s.rr(0.9, 1.3));
  cloud(s, s.rr(800, 1100), s.rr(50, 110), s.rr(0.7, 1));
  if (withCathedral) s.add(cathedral(s.rr(760, 880), 330, 1.5, '#d8b768', '#7e8a9b'));
  // voisins
  s.add(rect(-10, 220, 180, 500, '#e9dfcc') + rect(-10, 205, 190, 18, '#d4c8b2'));
  for (let r = 0; r < 4; r++) for (let c = 0; c < 2; c++) s.add(rect(20 + c * 80, 250 + r * 110, 46, 72, '#6f8398'));
  s.add(rect(1030, 250, 180, 470, '#c9cdd2') + rect(1022, 236, 190, 16, '#b3b8be'));
  for (let r = 0; r < 4; r++) for (let c = 0; c < 2; c++) s.add(rect(1056 + c * 78, 280 + r * 105, 44, 70, '#5f7489'));
  // immeuble principal en pierre de Jaumont
  const X0 = 170;
  const X1 = 1030;
  const stone = p.stone;
  const roof = '#6d7887';
  s.add(poly(byTwo(X0 - 6, 190, X0 + 40, 96, X1 - 40, 96, X1 + 6, 190), roof));
  s.add(rect(X0 + 120, 60, 40, 40, '#a8745a') + rect(X1 - 200, 56, 40, 44, '#a8745a'));
  const cols = 6;
  const step = (X1 - X0) / cols;
  for (let c = 0; c < cols; c++) {
    const dx = X0 + step * (c + 0.5);
    s.add(poly(byTwo(dx - 30, 190, dx - 30, 138, dx, 112, dx + 30, 138, dx + 30, 190), lighten(stone, 0.1)));
    s.add(rect(dx - 18, 140, 36, 46, '#4f6275'));
  }
  s.add(rect(X0, 190, X1 - X0, 510, s.lin(byTwo(0, lighten(stone, 0.08), 1, darken(stone, 0.06)))));
  s.add(rect(X0 - 10, 184, X1 - X0 + 20, 18, lighten(stone, 0.25)));
  // appareil de pierre du rez-de-chaussée
  for (let yy = 590; yy < 700; yy += 22) s.add(line(X0, yy, X1, yy, darken(stone, 0.15), 2));
  const floors = [215, 335, 455];
  const shutters = s.chance(0.55);
  for (let fi = 0; fi < floors.length; fi++) {
    const fy = floors[fi];
    s.add(rect(X0 - 4, fy + 112, X1 - X0 + 8, 8, lighten(stone, 0.2)));
    for (let c = 0; c < cols; c++) {
      const wx = X0 + step * (c + 0.5) - 34;
      const wh = fi === 0 ? 98 : 104;
      s.add(rect(wx - 10, fy - 10, 88, wh + 16, lighten(stone, 0.18)));
      s.add(poly(byTwo(wx + 26, fy - 16, wx + 42, fy - 16, wx + 38, fy - 2, wx + 30, fy - 2), lighten(stone, 0.3)));
      s.add(rect(wx, fy, 68, wh, s.lin(byTwo(0, '#a9c6dd', 0.5, '#6f8ca6', 1, '#3f5468'))));
      s.add(rect(wx + 31, fy, 6, wh, '#f4f1ea') + rect(wx, fy + wh * 0.38, 68, 5, '#f4f1ea'));
      s.add(poly(byTwo(wx + 6, fy, wx + 22, fy, wx, fy + 26), '#ffffff', 'opacity="0.35"'));
      if (shutters) {
        s.add(rect(wx - 30, fy, 28, wh, p.shutter) + rect(wx + 70, fy, 28, wh, p.shutter));
        for (let k = 1; k < 7; k++)
          s.add(
            line(wx - 30, fy + (wh * k) / 7, wx - 2, fy + (wh * k) / 7, darken(p.shutter, 0.2), 2) +
              line(wx + 70, fy + (wh * k) / 7, wx + 98, fy + (wh * k) / 7, darken(p.shutter, 0.2), 2),
          );
      }
      if (fi !== 1) {
        // garde-corps en fer forgé
        let g = rect(wx - 6, fy + wh - 34, 80, 4, '#2a2a2a');
        for (let k = 0; k <= 8; k++) g += line(wx - 4 + k * 9.5, fy + wh - 32, wx - 4 + k * 9.5, fy + wh, '#2a2a2a', 2);
        s.add(g);
      }
    }
    if (fi === 1) {
      // balcon filant
      s.add(rect(X0 + 10, fy + 104, X1 - X0 - 20, 12, lighten(stone, 0.22)));
      let g = rect(X0 + 12, fy + 62, X1 - X0 - 24, 5, '#2a2a2a');
      for (let xx = X0 + 16; xx < X1 - 14; xx += 12) g += line(xx, fy + 64, xx, fy + 104, '#2a2a2a', 2);
      for (let xx = X0 + 40; xx < X1 - 30; xx += 60) g += circ(xx, fy + 84, 9, 'none', 'stroke="#2a2a2a" stroke-width="2"');
      s.add(g);
      // jardinières fleuries
      for (let c = 0; c < cols; c += 2) {
        const dx = X0 + step * (c + 0.5);
        for (let k = 0; k < 6; k++) s.add(circ(dx - 30 + k * 12, fy + 58 - (k % 2) * 5, 8, k % 2 ? '#e0566b' : '#4e8a4b'));
      }
    }
  }
  // rez-de-chaussée : porte cochère et vitrines
  const midX = (X0 + X1) / 2;
  s.add(`<path d="M${midX - 50},700 V620 A50,50 0 0 1 ${midX + 50},620 V700 Z" fill="${lighten(stone, 0.25)}"/>`);
  s.add(`<path d="M${midX - 38},700 V622 A38,38 0 0 1 ${midX + 38},622 V700 Z" fill="${s.pick(['#3d5a48', '#5b3b2e', '#2f3a45'])}"/>`);
  s.add(line(midX, 590, midX, 700, '#000000', 2, 'opacity="0.3"'));
  const awning = s.pick([p.accent, '#8c2f39', '#2f5d62', '#b5533c']);
  for (const sx of [X0 + 40, X1 - 300]) {
    s.add(rect(sx, 612, 260, 88, s.lin(byTwo(0, '#b6cedd', 1, '#587086'))));
    s.add(rect(sx - 6, 606, 272, 8, '#2f2d2b'));
    let a = poly(byTwo(sx - 10, 586, sx + 270, 586, sx + 282, 624, sx - 22, 624), awning);
    for (let k = 0; k < 8; k++) {
      const ax = sx - 10 + k * 35;
      a += poly(byTwo(ax, 586, ax + 17, 586, ax + 17 + 1.5, 624, ax + 1.5 - 0.2, 624), '#ffffff', 'opacity="0.55"');
    }
    s.add(a);
  }
  // trottoir, chaussée
  s.add(rect(0, 700, W, 50, '#cfc9bf') + rect(0, 746, W, 6, '#a8a196') + rect(0, 752, W, 48, '#55585c'));
  for (let x = 40; x < W; x += 160) s.add(rect(x, 774, 80, 6, '#e8e4dc'));
  // arbres d'alignement et réverbère
  s.add(tree(100, 720, 2.1, '#5f9650'));
  s.add(tree(1110, 720, 1.9, '#56904b'));
  s.add(
    rect(880, 520, 6, 200, '#2a2a2a') + poly(byTwo(870, 520, 896, 520, 890, 490, 876, 490), '#2a2a2a') + rect(874, 494, 18, 22, '#f6e7b0'),
  );
  // vélo
  const bx = 330;
  s.add(
    circ(bx, 722, 22, 'none', 'stroke="#2a2a2a" stroke-width="4"') + circ(bx + 70, 722, 22, 'none', 'stroke="#2a2a2a" stroke-width="4"'),
  );
  s.add(
    `<path d="M${bx},722 L${bx + 26},690 L${bx + 60},690 L${bx + 70},722 M${bx + 26},690 L${bx + 36},722 L${bx + 60},690 M${bx + 22},682 h14 M${bx + 60},690 l-4,-12 h12" stroke="${p.accent}" stroke-width="5" fill="none"/>`,
  );
}

function riverView(s, { forest = false } = {}) {
  const p = s.pal;
  sky(s, 0, 0, W, 520, p.tod);
  cloud(s, s.rr(150, 450), s.rr(60, 140), s.rr(1, 1.4));
  cloud(s, s.rr(700, 1050), s.rr(80, 150), s.rr(0.7, 1.1), 0.8);
  const haze = p.tod === 'golden' ? '#f3d2b0' : '#cfe3f3';
  // collines lointaines
  s.add(`<path d="M0,380 Q200,300 420,350 T820,330 T1200,350 V480 H0 Z" fill="${mix('#7c9c8a', haze, 0.5)}"/>`);
  const bank = 470;
  if (forest) {
    s.add(`<path d="M0,420 Q300,340 600,400 T1200,380 V${bank} H0 Z" fill="${mix('#4f7f4a', haze, 0.25)}"/>`);
    for (let i = 0; i < 26; i++) s.add(circ(s.rr(0, W), s.rr(400, 460), s.rr(26, 48), s.pick(['#4f7f4a', '#5d8f55', '#3f6f42'])));
    // arches en ruine de l'aqueduc romain de Gorze à Metz
    const ax = 690;
    let d = `M${ax},${bank} V${bank - 104} L${ax + 40},${bank - 110} L${ax + 70},${bank - 102} L${ax + 120},${bank - 112} L${ax + 170},${bank - 104} L${ax + 230},${bank - 108} L${ax + 296},${bank - 96} V${bank} Z`;
    for (let k = 0; k < 5; k++) {
      const ox = ax + 16 + k * 56;
      d += ` M${ox},${bank} V${bank - 56} A20,20 0 0 1 ${ox + 40},${bank - 56} V${bank} Z`;
    }
    s.add(`<path d="${d}" fill="#cdb27a" fill-rule="evenodd"/>`);
    s.add(rect(ax, bank - 86, 296, 5, '#b59a63', 'opacity="0.6"'));
  } else {
    const farCols = ['#e3d2ae', '#d9c7a3', '#ede3cf'].map((c) => mix(c, haze, 0.3));
    s.add(buildingRow(s, -20, W + 20, bank - 6, 1, farCols, ['#8e9aab', '#9aa5b3'], '#7d8a99', 40, 110));
    s.add(cathedral(s.rr(520, 640), bank - 18, 1.35, '#d6b264', '#778395'));
    s.add(templeNeuf(s.rr(180, 260), bank - 4, 1.05, '#d9d0bd', '#6f8f7c'));
    for (let i = 0; i < 9; i++) s.add(tree(s.rr(0, W), bank + 4, s.rr(0.5, 0.8), s.pick(['#5d8f55', '#6e9c5c', '#4f7f4a'])));
  }
  // Moselle
  const water = s.lin(byTwo(0, p.tod === 'golden' ? '#9fb6c9' : '#7fa8c4', 1, '#4f7f9c'));
  s.add(rect(0, bank, W, 140, water));
  for (let i = 0; i < 40; i++) {
    const y = s.rr(bank + 8, bank + 130);
    const x = s.rr(0, W);
    s.add(line(x, y, x + s.rr(20, 70), y, '#ffffff', 2, `opacity="${r1(s.rr(0.2, 0.5))}"`));
  }
  if (!forest) {
    // pont en pierre (Moyen Pont)
    const by = bank + 6;
    let d = `M-10,${by} H520 V${by + 44} H-10 Z`;
    for (let k = 0; k < 5; k++) d += ` M${k * 104 + 10},${by + 44} V${by + 30} A40,20 0 0 1 ${k * 104 + 90},${by + 30} V${by + 44} Z`;
    s.add(`<path d="${d}" fill="#d2b778" fill-rule="evenodd"/>`);
    s.add(rect(-10, by - 8, 530, 8, '#c4a869') + rect(-10, by + 12, 530, 3, '#b59a63', 'opacity="0.7"'));
  }
  // berge proche
  s.add(`<path d="M0,${bank + 130} Q300,${bank + 110} 600,${bank + 128} T1200,${bank + 120} V560 H0 Z" fill="#6e9c5c"/>`);
  // balcon
  const floorTop = 640;
  s.add(rect(0, floorTop, W, H - floorTop, s.lin(byTwo(0, '#b7aca0', 1, '#d8cfc4'))));
  for (let yy = floorTop + 20, st = 20; yy < H; st *= 1.35, yy += st) s.add(line(0, yy, W, yy, '#a1968a', 2));
  s.add(rect(0, floorTop - 8, W, 10, '#8f857a'));
  const rail = s.pick(['#2a2a2a', '#f4f1ea', '#3d4b57']);
  let g = rect(0, 520, W, 10, rail) + rect(0, 620, W, 6, rail);
  for (let x = 8; x < W; x += 26) g += line(x, 528, x, 632, rail, 4);
  s.add(g);
  // guirlande
  s.add(`<path d="M0,40 Q300,120 600,60 T1200,70" stroke="#3a3a3a" stroke-width="2" fill="none"/>`);
  for (let k = 1; k < 12; k++) {
    const x = k * 100;
    const y = k <= 6 ? 40 + Math.sin((k / 6) * Math.PI) * 55 : 60 + Math.sin(((k - 6) / 6) * Math.PI) * 32;
    s.add(circ(x, y + 10, 9, '#ffe7a3') + circ(x, y + 10, 20, '#ffe7a3', 'opacity="0.25"'));
  }
  // table bistrot et chaises
  const tcx = 600;
  const chair = s.pick([p.accent, '#2f5d62', '#b5533c', '#2a2a2a']);
  s.add(shadow(tcx, 778, 220, 12));
  for (const side of [-1, 1]) {
    const cx = tcx + side * 170;
    s.add(
      `<path d="M${cx - side * 40},770 L${cx - side * 30},680 M${cx + side * 40},770 L${cx + side * 30},660 L${cx + side * 36},560" stroke="${chair}" stroke-width="7" fill="none"/>`,
    );
    s.add(`<rect x="${cx - 48}" y="668" width="96" height="14" rx="6" fill="${chair}"/>`);
    s.add(
      `<rect x="${cx + side * 24 - 12}" y="560" width="30" height="110" rx="8" fill="${chair}" transform="rotate(${side * -6} ${cx + side * 30} 615)"/>`,
    );
  }
  s.add(rect(tcx - 4, 640, 8, 130, '#2a2a2a') + ell(tcx, 772, 44, 8, '#2a2a2a'));
  s.add(ell(tcx, 640, 110, 20, s.pick(['#f4f1ea', '#cfd6d9', p.wood.f])));
  s.add(rect(tcx - 60, 606, 30, 30, '#ffffff', 'rx="4"') + ell(tcx - 45, 636, 26, 6, '#ffffff'));
  s.add(rect(tcx + 24, 610, 26, 26, p.accent2, 'rx="4"') + ell(tcx + 37, 636, 22, 5, '#ffffff'));
  s.add(`<path d="M${tcx - 14},636 q-4,-30 14,-46 q18,16 14,46 Z" fill="#e9e3d9"/>`);
  for (let k = 0; k < 3; k++) s.add(circ(tcx - 8 + k * 8, 584 - (k % 2) * 8, 7, '#e0566b'));
  plant(s, 110, 760, 1.2, true);
  plant(s, 1090, 760, 1.1, true);
}

function houseWithPool(s, variant) {
  const p = s.pal;
  sky(s, 0, 0, W, 520, p.tod);
  cloud(s, s.rr(100, 400), s.rr(60, 130), s.rr(0.9, 1.3));
  cloud(s, s.rr(750, 1100), s.rr(60, 120), s.rr(0.6, 1), 0.8);
  const haze = p.tod === 'golden' ? '#f3d2b0' : '#cfe3f3';
  s.add(`<path d="M0,330 Q250,250 520,300 T1200,280 V460 H0 Z" fill="${mix('#7c9c7a', haze, 0.45)}"/>`);
  if (variant === 'vigneron') {
    // rangs de vigne sur le coteau
    s.add(`<path d="M0,360 Q300,290 700,330 T1200,320 V470 H0 Z" fill="${mix('#8fae6a', haze, 0.2)}"/>`);
    for (let k = 0; k < 9; k++)
      s.add(
        `<path d="M0,${372 + k * 11} Q300,${302 + k * 12} 700,${342 + k * 12} T1200,${332 + k * 12}" stroke="#5f8a43" stroke-width="5" fill="none" opacity="0.8"/>`,
      );
  }
  for (let i = 0; i < 8; i++) {
    const x = s.rr(0, W);
    if (x > 280 && x < 920) continue;
    s.add(s.chance(0.5) ? poplar(x, 470, s.rr(1.1, 1.5), '#4f7f4a') : tree(x, 470, s.rr(1, 1.5), s.pick(['#5d8f55', '#4f7f4a'])));
  }
  // pelouse
  s.add(rect(0, 460, W, H - 460, s.lin(byTwo(0, '#7fb069', 1, '#5f9a4f'))));
  // maison
  const hx0 = 300;
  const hx1 = 900;
  const top = 250;
  const base = 470;
  if (variant === 'villa') {
    s.add(rect(hx0, top + 40, 360, base - top - 40, '#f4f2ee'));
    s.add(rect(hx0 + 340, top - 10, 260, base - top + 10, '#e3e0da'));
    s.add(rect(hx0 - 10, top + 28, 380, 14, '#3a3f45') + rect(hx0 + 330, top - 22, 280, 14, '#3a3f45'));
    s.add(rect(hx0 + 440, top + 10, 150, base - top - 10, '#b58a5f'));
    for (let k = 0; k < 8; k++) s.add(line(hx0 + 448 + k * 18, top + 10, hx0 + 448 + k * 18, base, '#9a7048', 3));
    s.add(rect(hx0 + 30, top + 80, 300, base - top - 80, s.lin(byTwo(0, '#b9d3e4', 1, '#5f7c94'))));
    for (let k = 1; k < 4; k++) s.add(rect(hx0 + 30 + k * 75 - 3, top + 80, 6, base - top - 80, '#3a3f45'));
    s.add(rect(hx0 + 360, top + 30, 70, 90, s.lin(byTwo(0, '#b9d3e4', 1, '#5f7c94'))));
  } else {
    const wallC = variant === 'vigneron' ? p.stone : '#efe6d6';
    s.add(rect(hx0, top + 40, hx1 - hx0, base - top - 40, wallC));
    s.add(poly(byTwo(hx0 - 30, top + 46, hx0 + 90, top - 60, hx1 - 90, top - 60, hx1 + 30, top + 46), '#b4583d'));
    for (let k = 0; k < 6; k++) s.add(line(hx0 - 30 + k * 18, top + 46 - k * 17.7, hx1 + 30 - k * 18, top + 46 - k * 17.7, '#9c4a33', 2));
    s.add(rect(hx1 - 170, top - 100, 36, 60, '#9c4a33'));
    const sh = variant === 'vigneron' ? '#6f8f6a' : p.shutter;
    for (let c = 0; c < 4; c++) {
      const wx = hx0 + 70 + c * 130;
      for (const wy of [top + 70, top + 160]) {
        if (wy === top + 160 && c === 1) continue;
        s.add(rect(wx, wy, 56, 64, s.lin(byTwo(0, '#b9d3e4', 1, '#5f7c94'))) + rect(wx + 25, wy, 6, 64, '#ffffff'));
        s.add(rect(wx - 26, wy, 24, 64, sh) + rect(wx + 58, wy, 24, 64, sh));
      }
    }
    s.add(rect(hx0 + 190, top + 150, 70, base - top - 150, variant === 'vigneron' ? '#6b4a33' : p.accent));
    if (variant === 'vigneron')
      s.add(
        `<path d="M${hx0 + 180},${top + 150} A45,30 0 0 1 ${hx0 + 270},${top + 150}" stroke="${lighten(p.stone, 0.25)}" stroke-width="12" fill="none"/>`,
      );
  }
  // terrasse
  s.add(poly(byTwo(hx0 - 80, base, hx1 + 80, base, hx1 + 160, 560, hx0 - 160, 560), variant === 'villa' ? '#b58a5f' : '#d8cdbb'));
  for (let k = 1; k < 5; k++)
    s.add(line(hx0 - 80 - 16 * k, base + 18 * k, hx1 + 80 + 16 * k, base + 18 * k, variant === 'villa' ? '#9a7048' : '#c2b59f', 2));
  // piscine
  s.add(poly(byTwo(150, 590, 1050, 590, 1160, 790, 40, 790), '#eae4d8'));
  s.add(poly(byTwo(180, 604, 1020, 604, 1116, 776, 84, 776), s.lin(byTwo(0, '#6fd0e6', 1, '#2b9cc4'))));
  for (let i = 0; i < 24; i++) {
    const y = s.rr(620, 760);
    const x = s.rr(200, 980);
    s.add(`<path d="M${r1(x)},${r1(y)} q15,-6 30,0 t30,0" stroke="#ffffff" stroke-width="3" fill="none" opacity="0.55"/>`);
  }
  // haies
  for (let k = 0; k < 4; k++) s.add(circ(k * 40 - 10, 530, 36, '#3f6f42') + circ(W - k * 40 + 10, 530, 36, '#3f6f42'));
  // transats et parasol sur la terrasse
  const lc = s.pick(['#ffffff', lighten(p.accent2, 0.3), '#f2ece2']);
  for (const lx of [hx0 - 150, hx0 - 20, hx1 + 10]) {
    s.add(shadow(lx + 70, 582, 80, 6));
    s.add(rect(lx + 10, 560, 6, 22, '#8a8580') + rect(lx + 120, 560, 6, 22, '#8a8580'));
    s.add(`<path d="M${lx},564 h112 l34,-44 h12 l-34,52 h-124 Z" fill="${lc}" stroke="#b9b3aa" stroke-width="2"/>`);
    s.add(`<rect x="${lx + 4}" y="548" width="108" height="14" rx="6" fill="${lc}" stroke="#b9b3aa" stroke-width="2"/>`);
  }
  const um = s.pick([p.accent, '#e86a5a', '#f2ece2', '#2f5d62']);
  const ux = hx1 + 110;
  s.add(line(ux, 580, ux, 400, '#6b4f3a', 6));
  s.add(`<path d="M${ux - 100},420 Q${ux},340 ${ux + 100},420 Z" fill="${um}"/>`);
  for (let k = 1; k < 4; k++) s.add(line(ux, 362, ux - 100 + k * 50, 420, darken(um, 0.15), 2));
  plant(s, hx1 + 30, base + 6, 0.55);
  plant(s, hx0 + 170, base + 6, 0.5);
}

// ---------------------------------------------------------------------------
// Assemblage des 4 vues par logement
// ---------------------------------------------------------------------------

function scenesFor(apt, index) {
  const slug = apt.slug;
  const isHouse = /maison|villa/.test(slug) || apt.inclus.includes('Piscine');
  const riverside = /moselle|balcon/.test(slug) || /Devant-les-Ponts|Longeville|Ars-sur/.test(apt.localisation);
  if (isHouse) {
    const variant = slug.includes('vigneron') ? 'vigneron' : slug.includes('villa') ? 'villa' : 'maison';
    return [['house', variant], ['living'], ['kitchen'], ['bedroom']];
  }
  if (riverside) return [['river'], ['living'], ['bedroom'], index % 2 ? ['kitchen'] : ['bathroom']];
  const fourth = index % 2 === 0 ? ['facade'] : ['bathroom'];
  return [['living'], ['bedroom'], ['kitchen'], fourth];
}

function renderScene(apt, index, n, spec) {
  const rng = mulberry32(hashString(`${apt.slug}#${n}`));
  const pal = makePalette(index, mulberry32(hashString(apt.slug)));
  pal.forest = /Ars-sur/.test(apt.localisation);
  const s = new Scene(rng, pal);
  const [kind, variant] = spec;
  let flip = false;
  switch (kind) {
    case 'living':
      livingRoom(s, { pompidou: /pompidou/.test(apt.slug) });
      flip = s.chance(0.5);
      break;
    case 'bedroom':
      bedroom(s);
      flip = s.chance(0.5);
      break;
    case 'kitchen':
      kitchen(s);
      flip = s.chance(0.5);
      break;
    case 'bathroom':
      bathroom(s);
      flip = s.chance(0.5);
      break;
    case 'facade':
      facade(s, { withCathedral: /Centre/.test(apt.localisation) });
      break;
    case 'river':
      riverView(s, { forest: pal.forest });
      break;
    case 'house':
      houseWithPool(s, variant);
      flip = s.chance(0.5);
      break;
    default:
      throw new Error(`scène inconnue ${kind}`);
  }
  return s.svg(flip);
}

// ---------------------------------------------------------------------------
// Lecture des logements depuis demo-data.ts (simple analyse textuelle)
// ---------------------------------------------------------------------------

function readApartments() {
  const src = readFileSync(dataFile, 'utf8');
  const start = src.indexOf('export const demoApartments');
  const end = src.indexOf('export const demoReviews');
  if (start < 0 || end < 0) throw new Error(`demoApartments / demoReviews introuvables dans ${dataFile}`);
  const section = src.slice(start, end);
  const blocks = section.split(/\n\s{4}slug:\s*'/).slice(1);
  return blocks.map((b) => {
    const slug = b.slice(0, b.indexOf("'"));
    const loc = /localisation:\s*'([^']*)'/.exec(b);
    const inc = /\binclus:\s*\[([^\]]*)\]/.exec(b);
    return {
      slug,
      localisation: loc ? loc[1] : '',
      inclus: inc ? [...inc[1].matchAll(/'([^']*)'/g)].map((m) => m[1]) : [],
    };
  });
}

async function main() {
  const sharpPath = process.env.SHARP_PATH;
  if (!sharpPath) {
    console.error('SHARP_PATH manquant : installez sharp hors du dépôt et pointez SHARP_PATH vers son dossier (voir en-tête).');
    process.exit(1);
  }
  const require = createRequire(import.meta.url);
  const sharp = require(path.resolve(sharpPath));
  const apartments = readApartments();
  if (apartments.length === 0) throw new Error('aucun logement trouvé');
  const only = process.env.ONLY ? new Set(process.env.ONLY.split(',')) : null;
  const svgOut = process.env.SVG_OUT;
  mkdirSync(outDir, { recursive: true });
  if (svgOut) mkdirSync(svgOut, { recursive: true });
  let total = 0;
  for (const [index, apt] of apartments.entries()) {
    if (only && !only.has(apt.slug)) continue;
    const specs = scenesFor(apt, index);
    for (const [i, spec] of specs.entries()) {
      const n = i + 1;
      const svg = renderScene(apt, index, n, spec);
      if (svgOut) writeFileSync(path.join(svgOut, `${apt.slug}-${n}.svg`), svg);
      // Qualité 72, abaissée par paliers si le fichier dépasse MAX_BYTES.
      let quality = QUALITY;
      let buf;
      for (;;) {
        buf = await sharp(Buffer.from(svg))
          .resize(W, H)
          .flatten({ background: '#ffffff' })
          .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
          .toBuffer();
        if (buf.length <= MAX_BYTES || quality <= 55) break;
        quality -= 3;
      }
      writeFileSync(path.join(outDir, `${apt.slug}-${n}.jpg`), buf);
      total += buf.length;
      console.log(`${apt.slug}-${n}.jpg  ${spec.join('/')}  q${quality}  ${(buf.length / 1024).toFixed(1)} Ko`);
    }
  }
  console.log(`total ${(total / 1024).toFixed(0)} Ko`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
