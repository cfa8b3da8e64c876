import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_analytics_events_device" AS ENUM('mobile', 'tablet', 'desktop');
  CREATE TYPE "public"."enum_chat_conversations_status" AS ENUM('browsing', 'invited', 'queued', 'chatting');
  CREATE TYPE "public"."enum_chat_events_type" AS ENUM('message', 'emoji', 'rich_message', 'file', 'custom', 'system');
  CREATE TYPE "public"."enum_chat_events_author_type" AS ENUM('customer', 'agent', 'system');
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverContactSubmission', 'sendContactConfirmation');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverContactSubmission', 'sendContactConfirmation');
  ALTER TYPE "public"."enum_form_submissions_delivery_status" ADD VALUE 'spam';
  CREATE TABLE "analytics_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"ts" timestamp(3) with time zone NOT NULL,
  	"day" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"url" varchar,
  	"referrer_host" varchar,
  	"device" "enum_analytics_events_device",
  	"visitor" varchar NOT NULL,
  	"session" varchar NOT NULL,
  	"conversion" boolean DEFAULT false,
  	"props" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "analytics_salts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"day" varchar NOT NULL,
  	"salt" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "chat_conversations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"visitor_token_hash" varchar NOT NULL,
  	"status" "enum_chat_conversations_status" DEFAULT 'browsing',
  	"name" varchar,
  	"email" varchar,
  	"session_variables" jsonb,
  	"current_page" varchar,
  	"agent_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "chat_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"conversation_id" integer NOT NULL,
  	"type" "enum_chat_events_type" NOT NULL,
  	"author_type" "enum_chat_events_author_type" NOT NULL,
  	"author_name" varchar,
  	"text" varchar,
  	"data" jsonb,
  	"file_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "chat_files" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"conversation_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "form_submissions" ADD COLUMN "summary" varchar;
  ALTER TABLE "form_submissions" ADD COLUMN "confirmation_sent_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "analytics_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "analytics_salts_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_conversations_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_files_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "chat_license_expires_at" timestamp(3) with time zone;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_tag_origins_google" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_tag_origins_clarity" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_tag_origins_hotjar" varchar;
  ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_files"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "analytics_events_name_idx" ON "analytics_events" USING btree ("name");
  CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");
  CREATE INDEX "analytics_events_referrer_host_idx" ON "analytics_events" USING btree ("referrer_host");
  CREATE INDEX "analytics_events_session_idx" ON "analytics_events" USING btree ("session");
  CREATE INDEX "analytics_events_updated_at_idx" ON "analytics_events" USING btree ("updated_at");
  CREATE INDEX "analytics_events_created_at_idx" ON "analytics_events" USING btree ("created_at");
  CREATE INDEX "day_name_idx" ON "analytics_events" USING btree ("day","name");
  CREATE INDEX "day_path_idx" ON "analytics_events" USING btree ("day","path");
  CREATE INDEX "day_visitor_idx" ON "analytics_events" USING btree ("day","visitor");
  CREATE UNIQUE INDEX "analytics_salts_day_idx" ON "analytics_salts" USING btree ("day");
  CREATE INDEX "analytics_salts_updated_at_idx" ON "analytics_salts" USING btree ("updated_at");
  CREATE INDEX "analytics_salts_created_at_idx" ON "analytics_salts" USING btree ("created_at");
  CREATE UNIQUE INDEX "chat_conversations_visitor_token_hash_idx" ON "chat_conversations" USING btree ("visitor_token_hash");
  CREATE INDEX "chat_conversations_agent_idx" ON "chat_conversations" USING btree ("agent_id");
  CREATE INDEX "chat_conversations_updated_at_idx" ON "chat_conversations" USING btree ("updated_at");
  CREATE INDEX "chat_conversations_created_at_idx" ON "chat_conversations" USING btree ("created_at");
  CREATE INDEX "chat_events_conversation_idx" ON "chat_events" USING btree ("conversation_id");
  CREATE INDEX "chat_events_file_idx" ON "chat_events" USING btree ("file_id");
  CREATE INDEX "chat_events_updated_at_idx" ON "chat_events" USING btree ("updated_at");
  CREATE INDEX "chat_events_created_at_idx" ON "chat_events" USING btree ("created_at");
  CREATE INDEX "chat_files_conversation_idx" ON "chat_files" USING btree ("conversation_id");
  CREATE INDEX "chat_files_updated_at_idx" ON "chat_files" USING btree ("updated_at");
  CREATE INDEX "chat_files_created_at_idx" ON "chat_files" USING btree ("created_at");
  CREATE UNIQUE INDEX "chat_files_filename_idx" ON "chat_files" USING btree ("filename");
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_analytics_events_fk" FOREIGN KEY ("analytics_events_id") REFERENCES "public"."analytics_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_analytics_salts_fk" FOREIGN KEY ("analytics_salts_id") REFERENCES "public"."analytics_salts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_conversations_fk" FOREIGN KEY ("chat_conversations_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_events_fk" FOREIGN KEY ("chat_events_id") REFERENCES "public"."chat_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_files_fk" FOREIGN KEY ("chat_files_id") REFERENCES "public"."chat_files"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_analytics_events_id_idx" ON "payload_locked_documents_rels" USING btree ("analytics_events_id");
  CREATE INDEX "payload_locked_documents_rels_analytics_salts_id_idx" ON "payload_locked_documents_rels" USING btree ("analytics_salts_id");
  CREATE INDEX "payload_locked_documents_rels_chat_conversations_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_conversations_id");
  CREATE INDEX "payload_locked_documents_rels_chat_events_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_events_id");
  CREATE INDEX "payload_locked_documents_rels_chat_files_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_files_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "analytics_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "analytics_salts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "chat_conversations" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "chat_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "chat_files" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_log" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "analytics_events" CASCADE;
  DROP TABLE "analytics_salts" CASCADE;
  DROP TABLE "chat_conversations" CASCADE;
  DROP TABLE "chat_events" CASCADE;
  DROP TABLE "chat_files" CASCADE;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_analytics_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_analytics_salts_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_conversations_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_files_fk";
  
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DATA TYPE text;
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DEFAULT 'queued'::text;
  DROP TYPE "public"."enum_form_submissions_delivery_status";
  CREATE TYPE "public"."enum_form_submissions_delivery_status" AS ENUM('queued', 'delivered', 'failed');
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DEFAULT 'queued'::"public"."enum_form_submissions_delivery_status";
  ALTER TABLE "form_submissions" ALTER COLUMN "delivery_status" SET DATA TYPE "public"."enum_form_submissions_delivery_status" USING "delivery_status"::"public"."enum_form_submissions_delivery_status";
  DROP INDEX "payload_locked_documents_rels_analytics_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_analytics_salts_id_idx";
  DROP INDEX "payload_locked_documents_rels_chat_conversations_id_idx";
  DROP INDEX "payload_locked_documents_rels_chat_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_chat_files_id_idx";
  ALTER TABLE "form_submissions" DROP COLUMN "summary";
  ALTER TABLE "form_submissions" DROP COLUMN "confirmation_sent_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "analytics_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "analytics_salts_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_conversations_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_files_id";
  ALTER TABLE "site_settings" DROP COLUMN "chat_license_expires_at";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_tag_origins_google";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_tag_origins_clarity";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_tag_origins_hotjar";
  DROP TYPE "public"."enum_analytics_events_device";
  DROP TYPE "public"."enum_chat_conversations_status";
  DROP TYPE "public"."enum_chat_events_type";
  DROP TYPE "public"."enum_chat_events_author_type";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";`)
}
