import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_chat_conversations_status" AS ENUM('browsing', 'invited', 'queued', 'chatting');
  CREATE TYPE "public"."enum_chat_events_type" AS ENUM('message', 'emoji', 'rich_message', 'file', 'custom', 'system');
  CREATE TYPE "public"."enum_chat_events_author_type" AS ENUM('customer', 'agent', 'system');
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
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_conversations_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "chat_files_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "chat_license_expires_at" timestamp(3) with time zone;
  ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_file_id_chat_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."chat_files"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE set null ON UPDATE no action;
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
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_conversations_fk" FOREIGN KEY ("chat_conversations_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_events_fk" FOREIGN KEY ("chat_events_id") REFERENCES "public"."chat_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_chat_files_fk" FOREIGN KEY ("chat_files_id") REFERENCES "public"."chat_files"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_chat_conversations_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_conversations_id");
  CREATE INDEX "payload_locked_documents_rels_chat_events_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_events_id");
  CREATE INDEX "payload_locked_documents_rels_chat_files_id_idx" ON "payload_locked_documents_rels" USING btree ("chat_files_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "chat_conversations" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "chat_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "chat_files" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "chat_conversations" CASCADE;
  DROP TABLE "chat_events" CASCADE;
  DROP TABLE "chat_files" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_conversations_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_chat_files_fk";
  
  DROP INDEX "payload_locked_documents_rels_chat_conversations_id_idx";
  DROP INDEX "payload_locked_documents_rels_chat_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_chat_files_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_conversations_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "chat_files_id";
  ALTER TABLE "site_settings" DROP COLUMN "chat_license_expires_at";
  DROP TYPE "public"."enum_chat_conversations_status";
  DROP TYPE "public"."enum_chat_events_type";
  DROP TYPE "public"."enum_chat_events_author_type";`)
}
