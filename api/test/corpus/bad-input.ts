/**
 * The bad-input corpus, as data: values an attacker (or a broken client) sends in place of each
 * field, path parameter and body, and the raw bodies no JSON parser expects. The test crosses them
 * with every operation of the OpenAPI document and every kind of caller.
 */
import { apartmentForm } from '../support/apartment-form.js';

/** Values put in place of one body field (JSON). */
export const FIELD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  1e30,
  -1e30,
  2 ** 53,
  '',
  ' ',
  'texte',
  '1',
  'a\u0000b',
  '\u0000',
  'x'.repeat(20000),
  '9999-12-30',
  '0000-00-00',
  '2026-02-30',
  '2026-13-01',
  '-001-01-01',
  '+275760-09-13',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  "$& $` $' $$",
  '\ud800',
  [],
  ['\u0000'],
  [2147483648],
  [1e30],
  {},
  { a: '\u0000' },
  { '\u0000': 1 },
  { voyageurs: 1e30 },
  // Issue 31, money: an IBAN whose check digits are wrong, one too short, one outside SEPA, a day to come.
  'FR7630006000011234567890188',
  'FR76',
  'US64SVBKUS6S3300958879',
  '2999-12-31',
];

/** Values put in place of a path parameter (already URL-encoded). */
export const PATH_VALUES: readonly string[] = [
  '1',
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740992',
  '1e30',
  '1.5',
  'abc',
  'a%00b',
  '%00',
  '%E0%A4%A',
  '%',
  '%25',
  'x'.repeat(150),
  '9'.repeat(40),
  "1'--",
  '%F0%9F%98%80',
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
];

/** Whole bodies sent as they are, with the content type given. */
export const RAW_BODIES: ReadonlyArray<[string, string]> = [
  ['application/json', ''],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"texte"'],
  ['application/json', '42'],
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', '{"a":"\\u0000"}'],
  ['application/json', '\u0000'],
  ['application/json', '{"__proto__":{"admin":true}}'],
  ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
  ['application/json', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ['text/plain', 'bonjour'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="avatar"\r\n\r\nabc'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  ],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data\r\n\r\n--x--'],
  ['multipart/form-data; boundary=', ''],
  ['application/octet-stream', '\u0000\u0001\u0002'],
];

/** Query strings tried on every GET. */
export const QUERIES: readonly string[] = [
  '?userId=2147483648',
  '?userId=1e30',
  '?userId=%00',
  '?userId=%E0%A4%A',
  '?userId[]=1',
  '?userId=1&userId=2',
  '?a=%00',
];

/**
 * Values tried in every query parameter an operation declares (town, dates, page, ids, sort…), one
 * parameter at a time, already encoded for the address.
 */
export const QUERY_VALUES: readonly string[] = [
  '',
  '%00',
  '%E0%A4%A',
  '%',
  '-1',
  '0',
  '1e30',
  '2147483648',
  'NaN',
  '2026-02-30',
  '9999-12-31',
  'abc',
  '%3Cscript%3E',
  "'%20OR%201%3D1--",
  'x'.repeat(5000),
  '%F0%9F%8F%A0',
];

/** Page paths of the site (served with the shell). */
export const PAGE_PATHS: readonly string[] = [
  '/appartement/a%00b',
  '/appartement/%E0%A4%A',
  '/appartement/%',
  '/appartement/' + 'x'.repeat(300),
  '/appartement/a%00b/avis',
  '/appartement/%E0%A4%A/avis',
  '/appartement/2147483648',
  '/reservation/2147483648',
  '/reservation/a%00b',
  '/admin/client/1e30',
  '/%00',
  '/?q=%00',
  '/messagerie?x=%E0%A4%A',
];

/** Fields the admin apartment form takes, as the form sends them (JSON-shaped fields as JSON text). */
export const APARTMENT_FIELDS: Record<string, unknown> = apartmentForm();
