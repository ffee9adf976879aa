/**
 * Imported first by a test file whose server must run as a French server usually does, with
 * TZ=Europe/Paris (Node applies a change of process.env.TZ to the following date computations).
 */
process.env.TZ = 'Europe/Paris';
if (new Date(2026, 11, 14).getTimezoneOffset() !== -60) throw new Error('TZ=Europe/Paris n’a pas été appliqué');
