-- Mutation and client ids are made by clients: each organisation gets its own id space, so an id
-- another organisation used is new here (no unique violation, nothing said about the other).
ALTER TABLE "sync_clients" DROP CONSTRAINT "sync_clients_pkey";--> statement-breakpoint
ALTER TABLE "sync_ledger" DROP CONSTRAINT "sync_ledger_pkey";--> statement-breakpoint
ALTER TABLE "sync_clients" ADD CONSTRAINT "sync_clients_organisation_id_client_id_pk" PRIMARY KEY("organisation_id","client_id");--> statement-breakpoint
ALTER TABLE "sync_ledger" ADD CONSTRAINT "sync_ledger_organisation_id_mutation_id_pk" PRIMARY KEY("organisation_id","mutation_id");
