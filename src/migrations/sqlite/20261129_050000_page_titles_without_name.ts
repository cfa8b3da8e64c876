// Pages seeded before titles were composed held the business name in their SEO titles ("… | Cardinal
// Title Research"), so a rename in the settings never reached <title>, og:title and twitter:title. The
// name is taken out of the titles that still hold the seeded pattern; the page's composed title puts
// the settings' name back after it. Titles an editor wrote otherwise are left as they are.
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`UPDATE \`pages\` SET \`seo_title\` = 'About Our Ohio Title Search Company'
    WHERE \`seo_title\` = 'About Cardinal Title Research | Ohio Title Search Company';`)
  await db.run(sql`UPDATE \`_pages_v\` SET \`version_seo_title\` = 'About Our Ohio Title Search Company'
    WHERE \`version_seo_title\` = 'About Cardinal Title Research | Ohio Title Search Company';`)
  await db.run(sql`UPDATE \`pages\` SET \`seo_title\` = substr(\`seo_title\`, 1, length(\`seo_title\`) - length(' | Cardinal Title Research'))
    WHERE \`seo_title\` LIKE '% | Cardinal Title Research';`)
  await db.run(sql`UPDATE \`_pages_v\` SET \`version_seo_title\` = substr(\`version_seo_title\`, 1, length(\`version_seo_title\`) - length(' | Cardinal Title Research'))
    WHERE \`version_seo_title\` LIKE '% | Cardinal Title Research';`)
}

// The titles are composed with the name now; putting it back into them would show it twice.
export async function down(_args: MigrateDownArgs): Promise<void> {}
