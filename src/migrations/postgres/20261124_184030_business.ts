import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_form_submissions_history_action" AS ENUM('release', 'resend', 'notSpam', 'handled');
  CREATE TYPE "public"."enum_chat_conversations_rating" AS ENUM('good', 'bad');
  ALTER TYPE "public"."enum_chat_conversations_status" ADD VALUE 'ended';
  CREATE TABLE "form_submissions_history" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"action" "enum_form_submissions_history_action" NOT NULL,
  	"by" varchar NOT NULL,
  	"at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "chat_canned_replies" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"text" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "form_submissions" ADD COLUMN "handled_at" timestamp(3) with time zone;
  ALTER TABLE "chat_conversations" ADD COLUMN "last_message_at" timestamp(3) with time zone;
  ALTER TABLE "chat_conversations" ADD COLUMN "ended_at" timestamp(3) with time zone;
  ALTER TABLE "chat_conversations" ADD COLUMN "rating" "enum_chat_conversations_rating";
  ALTER TABLE "chat_conversations" ADD COLUMN "rated_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_canned_replies_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "chat_retention_days" numeric;
  ALTER TABLE "form_submissions_history" ADD CONSTRAINT "form_submissions_history_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "form_submissions_history_order_idx" ON "form_submissions_history" USING btree ("_order");
  CREATE INDEX "form_submissions_history_parent_id_idx" ON "form_submissions_history" USING btree ("_parent_id");
  CREATE INDEX "chat_canned_replies_updated_at_idx" ON "chat_canned_replies" USING btree ("updated_at");
  CREATE INDEX "chat_canned_replies_created_at_idx" ON "chat_canned_replies" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_canned_replies_fk" FOREIGN KEY ("chat_canned_replies_id") REFERENCES "public"."chat_canned_replies"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "form_submissions_handled_at_idx" ON "form_submissions" USING btree ("handled_at");
  CREATE INDEX "chat_conversations_status_idx" ON "chat_conversations" USING btree ("status");
  CREATE INDEX "chat_conversations_ended_at_idx" ON "chat_conversations" USING btree ("ended_at");
  CREATE INDEX "payload_locked_documents_rels_chat_canned_replies_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_canned_replies_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "form_submissions_history" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "chat_canned_replies" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "form_submissions_history" CASCADE;
  DROP TABLE "chat_canned_replies" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_canned_replies_fk";
  
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DEFAULT 'browsing'::text;
  DROP TYPE "public"."enum_chat_conversations_status";
  CREATE TYPE "public"."enum_chat_conversations_status" AS ENUM('browsing', 'invited', 'queued', 'chatting');
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DEFAULT 'browsing'::"public"."enum_chat_conversations_status";
  ALTER TABLE "chat_conversations" ALTER COLUMN "status" SET DATA TYPE "public"."enum_chat_conversations_status" USING "status"::"public"."enum_chat_conversations_status";
  DROP INDEX "form_submissions_handled_at_idx";
  DROP INDEX "chat_conversations_status_idx";
  DROP INDEX "chat_conversations_ended_at_idx";
  DROP INDEX "payload_locked_documents_rels_chat_canned_replies_id_idx";
  ALTER TABLE "form_submissions" DROP COLUMN "handled_at";
  ALTER TABLE "chat_conversations" DROP COLUMN "last_message_at";
  ALTER TABLE "chat_conversations" DROP COLUMN "ended_at";
  ALTER TABLE "chat_conversations" DROP COLUMN "rating";
  ALTER TABLE "chat_conversations" DROP COLUMN "rated_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_canned_replies_id";
  ALTER TABLE "site_settings" DROP COLUMN "chat_retention_days";
  DROP TYPE "public"."enum_form_submissions_history_action";
  DROP TYPE "public"."enum_chat_conversations_rating";`)
}
