import { currentScriptMark } from './scriptMark'

/**
 * A script the site writes into the page itself. It carries the render's mark, which is how the
 * server knows to allow it (src/security/scriptMark.ts); a script in the HTML without it never runs.
 */
export function InlineScript({ code }: { code: string }) {
  return <script nonce={currentScriptMark()} dangerouslySetInnerHTML={{ __html: code }} />
}
