import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "forms" ADD COLUMN "sent_note" varchar DEFAULT 'Sent at {time}. We answer within one business day.';
  ALTER TABLE "forms" ADD COLUMN "thank_you_page_id" integer;
  ALTER TABLE "forms" ADD COLUMN "confirmation_subject" varchar DEFAULT 'We received your request — {business}';
  ALTER TABLE "forms" ADD COLUMN "confirmation_text" varchar DEFAULT 'Hello {name}, thank you for writing to {business}. Your request reached us, and a member of our team will answer within one business day.';
  ALTER TABLE "forms" ADD CONSTRAINT "forms_thank_you_page_id_pages_id_fk" FOREIGN KEY ("thank_you_page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "forms_thank_you_page_idx" ON "forms" USING btree ("thank_you_page_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "forms" DROP CONSTRAINT "forms_thank_you_page_id_pages_id_fk";
  
  DROP INDEX "forms_thank_you_page_idx";
  ALTER TABLE "forms" DROP COLUMN "sent_note";
  ALTER TABLE "forms" DROP COLUMN "thank_you_page_id";
  ALTER TABLE "forms" DROP COLUMN "confirmation_subject";
  ALTER TABLE "forms" DROP COLUMN "confirmation_text";`)
}
