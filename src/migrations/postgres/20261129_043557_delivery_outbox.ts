import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_form_submissions_delivery_status" ADD VALUE 'outbox' BEFORE 'failed';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The older schema has no outbox status: such mails were recorded as delivered then.
  await db.execute(sql`
   UPDATE "form_submissions" SET "delivery_status" = 'delivered' WHERE "delivery_status" = 'outbox';
   ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DATA TYPE text;
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DEFAULT 'queued'::text;
  DROP TYPE "public"."enum_form_submissions_delivery_status";
  CREATE TYPE "public"."enum_form_submissions_delivery_status" AS ENUM('queued', 'delivered', 'failed', 'spam', 'held');
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DEFAULT 'queued'::"public"."enum_form_submissions_delivery_status";
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DATA TYPE "public"."enum_form_submissions_delivery_status" USING "delivery_status"::"public"."enum_form_submissions_delivery_status";`)
}
