import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_chat_default_widget" AS ENUM('chat', 'contact-form');
  ALTER TYPE "public"."enum_form_submissions_delivery_status" ADD VALUE 'held';
  CREATE TABLE "captcha_answers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  ALTER TABLE "site_settings" ADD COLUMN "captcha_hold_without_java_script" boolean DEFAULT true;
  ALTER TABLE "site_settings" ADD COLUMN "chat_default_widget" "enum_site_settings_chat_default_widget" DEFAULT 'chat';
  CREATE UNIQUE INDEX "captcha_answers_key_idx" ON "captcha_answers" USING btree ("key");
  CREATE INDEX "captcha_answers_expires_at_idx" ON "captcha_answers" USING btree ("expires_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "captcha_answers" CASCADE;
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DATA TYPE text;
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DEFAULT 'queued'::text;
  DROP TYPE "public"."enum_form_submissions_delivery_status";
  CREATE TYPE "public"."enum_form_submissions_delivery_status" AS ENUM('queued', 'delivered', 'failed', 'spam');
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DEFAULT 'queued'::"public"."enum_form_submissions_delivery_status";
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DATA TYPE "public"."enum_form_submissions_delivery_status" USING "delivery_status"::"public"."enum_form_submissions_delivery_status";
  ALTER TABLE "site_settings" DROP COLUMN "captcha_hold_without_java_script";
  ALTER TABLE "site_settings" DROP COLUMN "chat_default_widget";
  DROP TYPE "public"."enum_site_settings_chat_default_widget";`)
}
