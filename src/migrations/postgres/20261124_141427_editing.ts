import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_redirects_to" AS ENUM('page', 'address');
  CREATE TYPE "public"."enum_site_settings_business_opening_hours_days" AS ENUM('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun');
  ALTER TYPE "public"."enum_pages_blocks_hero_actions_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_pages_blocks_hero_actions_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_pages_blocks_call_to_action_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_pages_blocks_call_to_action_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_header_items_columns_links_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_header_items_columns_links_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_header_items_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_header_items_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_header_cta_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_header_cta_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_footer_columns_links_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_footer_columns_links_link_kind" ADD VALUE 'email';
  CREATE TABLE "redirects" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"from" varchar NOT NULL,
  	"to" "enum_redirects_to" DEFAULT 'page' NOT NULL,
  	"page_id" integer,
  	"address" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_business_opening_hours_days" (
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"value" "enum_site_settings_business_opening_hours_days",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "site_settings_business_opening_hours" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"opens" varchar NOT NULL,
  	"closes" varchar NOT NULL
  );
  
  CREATE TABLE "site_settings_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  -- The denied regions were rows of their own; a site upgraded keeps its list, now one field of codes.
  INSERT INTO "site_settings_texts" ("order", "parent_id", "path", "text")
    SELECT "_order", "_parent_id", 'analytics.deniedRegions', upper(trim("code")) FROM "site_settings_analytics_denied_regions";
  ALTER TABLE "site_settings_analytics_denied_regions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "site_settings_analytics_denied_regions" CASCADE;
  ALTER TABLE "pages" ADD COLUMN "generate_slug" boolean DEFAULT true;
  ALTER TABLE "pages" ADD COLUMN "redirect_on_delete_id" integer;
  ALTER TABLE "_pages_v" ADD COLUMN "version_generate_slug" boolean DEFAULT true;
  ALTER TABLE "_pages_v" ADD COLUMN "version_redirect_on_delete_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "redirects_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "business_hours_note" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_banner_text" varchar;
  ALTER TABLE "redirects" ADD CONSTRAINT "redirects_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "site_settings_business_opening_hours_days" ADD CONSTRAINT "site_settings_business_opening_hours_days_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings_business_opening_hours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_business_opening_hours" ADD CONSTRAINT "site_settings_business_opening_hours_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_texts" ADD CONSTRAINT "site_settings_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "redirects_from_idx" ON "redirects" USING btree ("from");
  CREATE INDEX "redirects_page_idx" ON "redirects" USING btree ("page_id");
  CREATE INDEX "redirects_updated_at_idx" ON "redirects" USING btree ("updated_at");
  CREATE INDEX "redirects_created_at_idx" ON "redirects" USING btree ("created_at");
  CREATE INDEX "site_settings_business_opening_hours_days_order_idx" ON "site_settings_business_opening_hours_days" USING btree ("order");
  CREATE INDEX "site_settings_business_opening_hours_days_parent_idx" ON "site_settings_business_opening_hours_days" USING btree ("parent_id");
  CREATE INDEX "site_settings_business_opening_hours_order_idx" ON "site_settings_business_opening_hours" USING btree ("_order");
  CREATE INDEX "site_settings_business_opening_hours_parent_id_idx" ON "site_settings_business_opening_hours" USING btree ("_parent_id");
  CREATE INDEX "site_settings_texts_order_parent" ON "site_settings_texts" USING btree ("order","parent_id");
  ALTER TABLE "pages" ADD CONSTRAINT "pages_redirect_on_delete_id_pages_id_fk" FOREIGN KEY ("redirect_on_delete_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_version_redirect_on_delete_id_pages_id_fk" FOREIGN KEY ("version_redirect_on_delete_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_redirects_fk" FOREIGN KEY ("redirects_id") REFERENCES "public"."redirects"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_redirect_on_delete_idx" ON "pages" USING btree ("redirect_on_delete_id");
  CREATE INDEX "_pages_v_version_version_redirect_on_delete_idx" ON "_pages_v" USING btree ("version_redirect_on_delete_id");
  CREATE INDEX "payload_locked_documents_rels_redirects_id_idx" ON "payload_locked_documents_rels" USING btree ("redirects_id");
  ALTER TABLE "site_settings" DROP COLUMN "business_hours";
  ALTER TABLE "site_settings" DROP COLUMN "chat_business_hours";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "site_settings_analytics_denied_regions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL
  );
  
  ALTER TABLE "redirects" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_business_opening_hours_days" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_business_opening_hours" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_settings_texts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "redirects" CASCADE;
  DROP TABLE "site_settings_business_opening_hours_days" CASCADE;
  DROP TABLE "site_settings_business_opening_hours" CASCADE;
  DROP TABLE "site_settings_texts" CASCADE;
  ALTER TABLE "pages" DROP CONSTRAINT "pages_redirect_on_delete_id_pages_id_fk";
  
  ALTER TABLE "_pages_v" DROP CONSTRAINT "_pages_v_version_redirect_on_delete_id_pages_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_redirects_fk";
  
  ALTER TABLE "pages_blocks_hero_actions" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "pages_blocks_hero_actions" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum_pages_blocks_hero_actions_link_kind";
  CREATE TYPE "public"."enum_pages_blocks_hero_actions_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "pages_blocks_hero_actions" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum_pages_blocks_hero_actions_link_kind";
  ALTER TABLE "pages_blocks_hero_actions" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum_pages_blocks_hero_actions_link_kind" USING "link_kind"::"public"."enum_pages_blocks_hero_actions_link_kind";
  ALTER TABLE "pages_blocks_call_to_action" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "pages_blocks_call_to_action" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum_pages_blocks_call_to_action_link_kind";
  CREATE TYPE "public"."enum_pages_blocks_call_to_action_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "pages_blocks_call_to_action" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum_pages_blocks_call_to_action_link_kind";
  ALTER TABLE "pages_blocks_call_to_action" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum_pages_blocks_call_to_action_link_kind" USING "link_kind"::"public"."enum_pages_blocks_call_to_action_link_kind";
  ALTER TABLE "_pages_v_blocks_hero_actions" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "_pages_v_blocks_hero_actions" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind";
  CREATE TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "_pages_v_blocks_hero_actions" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum__pages_v_blocks_hero_actions_link_kind";
  ALTER TABLE "_pages_v_blocks_hero_actions" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind" USING "link_kind"::"public"."enum__pages_v_blocks_hero_actions_link_kind";
  ALTER TABLE "_pages_v_blocks_call_to_action" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "_pages_v_blocks_call_to_action" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind";
  CREATE TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "_pages_v_blocks_call_to_action" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum__pages_v_blocks_call_to_action_link_kind";
  ALTER TABLE "_pages_v_blocks_call_to_action" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind" USING "link_kind"::"public"."enum__pages_v_blocks_call_to_action_link_kind";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'deliverContactSubmission', 'sendContactConfirmation');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'deliverContactSubmission', 'sendContactConfirmation');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "header_items_columns_links" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "header_items_columns_links" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum_header_items_columns_links_link_kind";
  CREATE TYPE "public"."enum_header_items_columns_links_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "header_items_columns_links" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum_header_items_columns_links_link_kind";
  ALTER TABLE "header_items_columns_links" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum_header_items_columns_links_link_kind" USING "link_kind"::"public"."enum_header_items_columns_links_link_kind";
  ALTER TABLE "header_items" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "header_items" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum_header_items_link_kind";
  CREATE TYPE "public"."enum_header_items_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "header_items" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum_header_items_link_kind";
  ALTER TABLE "header_items" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum_header_items_link_kind" USING "link_kind"::"public"."enum_header_items_link_kind";
  ALTER TABLE "header" ALTER COLUMN "cta_link_kind" SET DATA TYPE text;
  ALTER TABLE "header" ALTER COLUMN "cta_link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum_header_cta_link_kind";
  CREATE TYPE "public"."enum_header_cta_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "header" ALTER COLUMN "cta_link_kind" SET DEFAULT 'page'::"public"."enum_header_cta_link_kind";
  ALTER TABLE "header" ALTER COLUMN "cta_link_kind" SET DATA TYPE "public"."enum_header_cta_link_kind" USING "cta_link_kind"::"public"."enum_header_cta_link_kind";
  ALTER TABLE "footer_columns_links" ALTER COLUMN "link_kind" SET DATA TYPE text;
  ALTER TABLE "footer_columns_links" ALTER COLUMN "link_kind" SET DEFAULT 'page'::text;
  DROP TYPE "public"."enum_footer_columns_links_link_kind";
  CREATE TYPE "public"."enum_footer_columns_links_link_kind" AS ENUM('page', 'url', 'anchor');
  ALTER TABLE "footer_columns_links" ALTER COLUMN "link_kind" SET DEFAULT 'page'::"public"."enum_footer_columns_links_link_kind";
  ALTER TABLE "footer_columns_links" ALTER COLUMN "link_kind" SET DATA TYPE "public"."enum_footer_columns_links_link_kind" USING "link_kind"::"public"."enum_footer_columns_links_link_kind";
  DROP INDEX "pages_redirect_on_delete_idx";
  DROP INDEX "_pages_v_version_version_redirect_on_delete_idx";
  DROP INDEX "payload_locked_documents_rels_redirects_id_idx";
  ALTER TABLE "site_settings" ADD COLUMN "business_hours" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "chat_business_hours" varchar;
  ALTER TABLE "site_settings_analytics_denied_regions" ADD CONSTRAINT "site_settings_analytics_denied_regions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_analytics_denied_regions_order_idx" ON "site_settings_analytics_denied_regions" USING btree ("_order");
  CREATE INDEX "site_settings_analytics_denied_regions_parent_id_idx" ON "site_settings_analytics_denied_regions" USING btree ("_parent_id");
  ALTER TABLE "pages" DROP COLUMN "generate_slug";
  ALTER TABLE "pages" DROP COLUMN "redirect_on_delete_id";
  ALTER TABLE "_pages_v" DROP COLUMN "version_generate_slug";
  ALTER TABLE "_pages_v" DROP COLUMN "version_redirect_on_delete_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "redirects_id";
  ALTER TABLE "site_settings" DROP COLUMN "business_hours_note";
  ALTER TABLE "site_settings" DROP COLUMN "analytics_banner_text";
  DROP TYPE "public"."enum_redirects_to";
  DROP TYPE "public"."enum_site_settings_business_opening_hours_days";`)
}
