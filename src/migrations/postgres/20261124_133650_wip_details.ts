import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_business_opening_hours_days" AS ENUM('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun');
  ALTER TYPE "public"."enum_pages_blocks_hero_actions_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_pages_blocks_hero_actions_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_pages_blocks_call_to_action_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_pages_blocks_call_to_action_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum__pages_v_blocks_hero_actions_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum__pages_v_blocks_call_to_action_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_header_items_columns_links_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_header_items_columns_links_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_header_items_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_header_items_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_header_cta_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_header_cta_link_kind" ADD VALUE 'email';
  ALTER TYPE "public"."enum_footer_columns_links_link_kind" ADD VALUE 'phone';
  ALTER TYPE "public"."enum_footer_columns_links_link_kind" ADD VALUE 'email';
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
  
  ALTER TABLE "site_settings" ADD COLUMN "business_hours_note" varchar;
  ALTER TABLE "site_settings_business_opening_hours_days" ADD CONSTRAINT "site_settings_business_opening_hours_days_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings_business_opening_hours"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_business_opening_hours" ADD CONSTRAINT "site_settings_business_opening_hours_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_business_opening_hours_days_order_idx" ON "site_settings_business_opening_hours_days" USING btree ("order");
  CREATE INDEX "site_settings_business_opening_hours_days_parent_idx" ON "site_settings_business_opening_hours_days" USING btree ("parent_id");
  CREATE INDEX "site_settings_business_opening_hours_order_idx" ON "site_settings_business_opening_hours" USING btree ("_order");
  CREATE INDEX "site_settings_business_opening_hours_parent_id_idx" ON "site_settings_business_opening_hours" USING btree ("_parent_id");
  ALTER TABLE "site_settings" DROP COLUMN "business_hours";
  ALTER TABLE "site_settings" DROP COLUMN "chat_business_hours";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "site_settings_business_opening_hours_days" CASCADE;
  DROP TABLE "site_settings_business_opening_hours" CASCADE;
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
  ALTER TABLE "site_settings" ADD COLUMN "business_hours" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "chat_business_hours" varchar;
  ALTER TABLE "site_settings" DROP COLUMN "business_hours_note";
  DROP TYPE "public"."enum_site_settings_business_opening_hours_days";`)
}
