/**
 * The content lines and components of an iCal file (RFC 5545 § 3.1, § 3.4), read strictly before
 * node-ical sees them. node-ical skips what it does not understand without a word: a file with
 * bare CR line ends reads as one line (0 events), lower-case names (`begin:vevent`, `dtstart`)
 * make an event vanish, a file cut short during the download loses its last events. Each of
 * these would free nights that are booked elsewhere, so here they are refused with a French
 * reason, and names, parameter names and enumerated values are upper-cased (they are
 * case-insensitive in RFC 5545).
 */
export interface Param {
  /** Upper-cased. */
  name: string;
  /** Unquoted. */
  values: string[];
}

export interface Property {
  /** Upper-cased. */
  name: string;
  params: Param[];
  value: string;
  /** First physical line (1-based), for the messages. */
  line: number;
}

export interface Component {
  /** Upper-cased (VCALENDAR, VEVENT, VTIMEZONE, …). */
  name: string;
  props: Property[];
  children: Component[];
  line: number;
}

/** The French reason a file is refused; the caller adds the calendar's label. */
export class IcsSyntaxError extends Error {}

/** Property and parameter names: iana-token / x-name (and `_`, which some producers put in x-names, as node-ical reads them). */
const NAME = /^[A-Za-z0-9_-]+/;
/** Values that RFC 5545 defines as case-insensitive enumerations, upper-cased for node-ical. */
const UPPER_VALUES = new Set(['BEGIN', 'END', 'STATUS', 'RRULE', 'EXRULE', 'TRANSP', 'CLASS']);
const UPPER_PARAMS = new Set(['VALUE', 'RANGE', 'RELATED', 'FBTYPE']);

export function propertyParam(prop: Property, name: string): string | undefined {
  return prop.params.find((p) => p.name === name)?.values[0];
}

/** Splits one unfolded content line; null when it is not `name *(;param) : value`. */
function parseContentLine(text: string, line: number): Property | null {
  const name = NAME.exec(text)?.[0];
  if (!name) return null;
  let i = name.length;
  const params: Param[] = [];
  while (text[i] === ';') {
    i += 1;
    const paramName = NAME.exec(text.slice(i))?.[0];
    if (!paramName || text[i + paramName.length] !== '=') return null;
    i += paramName.length + 1;
    const values: string[] = [];
    for (;;) {
      if (text[i] === '"') {
        const close = text.indexOf('"', i + 1);
        if (close < 0) return null;
        values.push(text.slice(i + 1, close));
        i = close + 1;
      } else {
        let j = i;
        while (j < text.length && !';:,"'.includes(text[j]!)) j += 1;
        values.push(text.slice(i, j));
        i = j;
      }
      if (text[i] !== ',') break;
      i += 1;
    }
    const upper = paramName.toUpperCase();
    params.push({ name: upper, values: UPPER_PARAMS.has(upper) ? values.map((v) => v.toUpperCase()) : values });
  }
  if (text[i] !== ':') return null;
  const upperName = name.toUpperCase();
  let value = text.slice(i + 1);
  // Outlook writes `TZID=tzone://Microsoft/Custom` unquoted, colon included (node-ical reads it so).
  const tzid = params.find((p) => p.name === 'TZID');
  if (tzid?.values[0] === 'tzone' && value.startsWith('//')) {
    const colon = value.indexOf(':');
    if (colon < 0) return null;
    tzid.values[0] = `tzone:${value.slice(0, colon)}`;
    value = value.slice(colon + 1);
  }
  return { name: upperName, params, value: UPPER_VALUES.has(upperName) ? value.toUpperCase() : value, line };
}

/** Unfolded lines with the number of their first physical line. */
function unfold(body: string): Array<{ text: string; line: number }> {
  if (/\r(?!\n)/.test(body)) {
    throw new IcsSyntaxError('ses lignes se terminent par un retour chariot seul (CR) au lieu de CRLF');
  }
  const physical = body.replace(/^\uFEFF/, '').split(/\r?\n/);
  const lines: Array<{ text: string; line: number }> = [];
  physical.forEach((text, index) => {
    if (text.startsWith(' ') || text.startsWith('\t')) {
      const last = lines[lines.length - 1];
      if (!last) throw new IcsSyntaxError(`la ligne ${index + 1} continue une ligne qui n'existe pas`);
      last.text += text.slice(1);
      return;
    }
    lines.push({ text, line: index + 1 });
  });
  return lines;
}

/**
 * The calendars of the file (usually one VCALENDAR), with their components.
 * @throws IcsSyntaxError for a line that is not a content line, a component not closed, closed in
 *   the wrong order or not inside a VCALENDAR, and a file that stops before `END:VCALENDAR`.
 */
export function readComponents(body: string): Component[] {
  const calendars: Component[] = [];
  const stack: Component[] = [];
  for (const { text, line } of unfold(body)) {
    if (text.trim() === '') continue;
    const prop = parseContentLine(text, line);
    if (!prop) throw new IcsSyntaxError(`la ligne ${line} n'est pas une ligne iCal (« ${text.slice(0, 40)} »)`);
    const top = stack[stack.length - 1];
    if (prop.name === 'BEGIN') {
      const component: Component = { name: prop.value.trim(), props: [], children: [], line };
      if (!top) {
        if (component.name !== 'VCALENDAR') throw new IcsSyntaxError(`la ligne ${line} ouvre ${component.name} hors de VCALENDAR`);
        calendars.push(component);
      } else top.children.push(component);
      stack.push(component);
    } else if (prop.name === 'END') {
      const name = prop.value.trim();
      if (!top || top.name !== name) {
        throw new IcsSyntaxError(
          top
            ? `la ligne ${line} ferme ${name} alors que ${top.name} (ligne ${top.line}) est ouvert`
            : `la ligne ${line} ferme ${name}, qui n'est pas ouvert`,
        );
      }
      stack.pop();
    } else {
      if (!top) throw new IcsSyntaxError(`la ligne ${line} est hors de VCALENDAR`);
      top.props.push(prop);
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw new IcsSyntaxError(`le fichier s'arrête avant la fin de ${open.name} (ligne ${open.line}), il a sans doute été coupé`);
  if (calendars.length === 0) throw new IcsSyntaxError('il ne contient aucun VCALENDAR');
  return calendars;
}

function quoteParam(value: string): string {
  return /[;:,]/.test(value) ? `"${value.replace(/"/g, '')}"` : value;
}

/** A property as one content line again (names and enumerations upper-cased). */
export function propertyLine(prop: Property): string {
  const params = prop.params.map((p) => `;${p.name}=${p.values.map(quoteParam).join(',')}`).join('');
  return `${prop.name}${params}:${prop.value}`;
}

export function componentLines(component: Component): string[] {
  return [
    `BEGIN:${component.name}`,
    ...component.props.map(propertyLine),
    ...component.children.flatMap(componentLines),
    `END:${component.name}`,
  ];
}
