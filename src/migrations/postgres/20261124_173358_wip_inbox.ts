import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_form_submissions_history_action" AS ENUM('release', 'resend', 'notSpam', 'handled');
  CREATE TABLE "form_submissions_history" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"action" "enum_form_submissions_history_action" NOT NULL,
  	"by" varchar NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL
  );
  
  ALTER TABLE "form_submissions" ADD COLUMN "handled_at" timestamp(3) with time zone;
  ALTER TABLE "form_submissions_history" ADD CONSTRAINT "form_submissions_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "form_submissions_history_order_idx" ON "form_submissions_history" USING btree ("_order");
  CREATE INDEX "form_submissions_history_parent_id_idx" ON "form_submissions_history" USING btree ("_parent_id");
  CREATE INDEX "form_submissions_handled_at_idx" ON "form_submissions" USING btree ("handled_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "form_submissions_history" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "form_submissions_history" CASCADE;
  DROP INDEX "form_submissions_handled_at_idx";
  ALTER TABLE "form_submissions" DROP COLUMN "handled_at";
  DROP TYPE "public"."enum_form_submissions_history_action";`)
}
