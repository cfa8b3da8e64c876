import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_site_settings_appearance_font_pairing" AS ENUM('classic', 'editorial', 'warm', 'sturdy');
  ALTER TABLE "site_settings" ADD COLUMN "appearance_logo_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "appearance_primary_colour" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "appearance_accent_colour" varchar;
  ALTER TABLE "site_settings" ADD COLUMN "appearance_font_pairing" "enum_site_settings_appearance_font_pairing" DEFAULT 'classic';
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_appearance_logo_id_media_id_fk" FOREIGN KEY ("appearance_logo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "site_settings_appearance_appearance_logo_idx" ON "site_settings" USING btree ("appearance_logo_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_appearance_logo_id_media_id_fk";
  
  DROP INDEX "site_settings_appearance_appearance_logo_idx";
  ALTER TABLE "site_settings" DROP COLUMN "appearance_logo_id";
  ALTER TABLE "site_settings" DROP COLUMN "appearance_primary_colour";
  ALTER TABLE "site_settings" DROP COLUMN "appearance_accent_colour";
  ALTER TABLE "site_settings" DROP COLUMN "appearance_font_pairing";
  DROP TYPE "public"."enum_site_settings_appearance_font_pairing";`)
}
