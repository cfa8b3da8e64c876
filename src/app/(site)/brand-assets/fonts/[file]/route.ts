import { answerFontFile } from '@/brand/assets'

/** The chosen font pairing's files, served from the site itself (src/brand/fonts.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  return answerFontFile((await params).file)
}
