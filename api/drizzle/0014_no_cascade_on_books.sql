-- Issue 31, DECISIONS 32: nothing that holds money is ever deleted. Deleting a reservation, a user or
-- an apartment erased, through ON DELETE CASCADE, the payment rows of its stays: the database now
-- refuses such a delete while payment rows exist (the movements of `mouvements` already refuse it).
-- A stay is cancelled instead and stays in the books; the API answers 409 before trying.
ALTER TABLE "paiements" DROP CONSTRAINT "paiements_reservation_id_fkey";
--> statement-breakpoint
ALTER TABLE "paiements" ADD CONSTRAINT "paiements_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_appartement_id_appartements_id_fk";
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_appartement_id_appartements_id_fk" FOREIGN KEY ("appartement_id") REFERENCES "appartements"("id") ON DELETE RESTRICT;
