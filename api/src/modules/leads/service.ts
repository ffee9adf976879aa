/** Owner leads (DECISIONS 28): stored with the consent text the visitor ticked, followed by admins. */
import { desc, eq } from 'drizzle-orm';
import { OWNER_LEAD_CONSENT, type OwnerLead, type OwnerLeadStatus } from 'shared-kernel/domain';
import { normalizeEmail } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { ownerLeads } from '../../db/schema.js';

type LeadRow = typeof ownerLeads.$inferSelect;

function toLead(row: LeadRow): OwnerLead {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const optional = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Stores a visitor's request (fields already checked), with the consent text of the form. */
export async function createLead(
  db: AppDb,
  lead: { nom: string; prenom?: string | undefined; email: string; message?: string | undefined },
): Promise<LeadRow> {
  const [row] = await db
    .insert(ownerLeads)
    .values({
      nom: lead.nom.trim(),
      prenom: optional(lead.prenom),
      email: normalizeEmail(lead.email),
      message: optional(lead.message),
      consentement: OWNER_LEAD_CONSENT,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Every lead, the most recent first. */
export async function listLeads(db: AppDb): Promise<OwnerLead[]> {
  return (await db.select().from(ownerLeads).orderBy(desc(ownerLeads.createdAt), desc(ownerLeads.id))).map(toLead);
}

/** Follows a lead up; undefined when there is no such lead. */
export async function updateLead(
  db: AppDb,
  id: number,
  { statut, notes }: { statut?: OwnerLeadStatus | undefined; notes?: string | undefined },
): Promise<OwnerLead | undefined> {
  const [row] = await db
    .update(ownerLeads)
    .set({
      ...(statut !== undefined ? { statut } : {}),
      ...(notes !== undefined ? { notes: notes.trim() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(ownerLeads.id, id))
    .returning();
  return row ? toLead(row) : undefined;
}
