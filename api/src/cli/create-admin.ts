/**
 * `npm run create-admin -- --email admin@exemple.fr --name "Prénom Nom"`: creates the first
 * administrator (or promotes an existing account). The password is read from ADMIN_PASSWORD or
 * asked on the terminal, never passed on the command line.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { isValidEmail, passwordProblem } from 'shared-kernel/rules';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ensureAdmin } from '../modules/users/service.js';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string', default: 'Administrateur' } } });
const email = values.email ?? process.env.ADMIN_EMAIL;
if (!email || !isValidEmail(email)) {
  console.error('Indiquez une adresse email valide : npm run create-admin -- --email admin@exemple.fr');
  process.exit(2);
}
let password = process.env.ADMIN_PASSWORD ?? '';
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Mot de passe (8 à 128 caractères) : ');
  rl.close();
}
const problem = passwordProblem(password);
if (problem) {
  console.error(problem);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const admin = await ensureAdmin(database.db, { email, password, name: values.name ?? 'Administrateur' }, config.scryptCost);
  console.log(`Administrateur prêt : ${admin.email} (id ${admin.id}).`);
} finally {
  await database.close();
}
