import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "site_settings_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  DROP TABLE "site_settings_analytics_denied_regions" CASCADE;
  ALTER TABLE "site_settings" ADD COLUMN "analytics_banner_text" varchar;
  ALTER TABLE "site_settings_texts" ADD CONSTRAINT "site_settings_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_texts_order_parent" ON "site_settings_texts" USING btree ("order","parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "site_settings_analytics_denied_regions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL
  );
  
  DROP TABLE "site_settings_texts" CASCADE;
  ALTER TABLE "site_settings_analytics_denied_regions" ADD CONSTRAINT "site_settings_analytics_denied_regions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "site_settings_analytics_denied_regions_order_idx" ON "site_settings_analytics_denied_regions" USING btree ("_order");
  CREATE INDEX "site_settings_analytics_denied_regions_parent_id_idx" ON "site_settings_analytics_denied_regions" USING btree ("_parent_id");
  ALTER TABLE "site_settings" DROP COLUMN "analytics_banner_text";`)
}
