import { headers } from 'next/headers'
import type { CaptchaConfig } from '@/contact/captchaWidget'
import { CSRF_INTERNAL_HEADER } from '@/contact/server/csrf'
import { getSiteSettings } from '@/cms/queries'
import { CmsForm } from '@/forms/render/CmsForm'
import type { ContactFormBlock as ContactFormBlockData, Form } from '@/payload-types'

async function captchaFor(form: Form): Promise<CaptchaConfig | null> {
  if (!form.captcha) return null
  const { captcha } = await getSiteSettings()
  const provider = captcha?.provider ?? 'altcha'
  if (provider === 'none') return null
  return { provider, siteKey: captcha?.siteKey ?? null }
}

export async function ContactFormBlock({ block, formSent }: { block: ContactFormBlockData; formSent?: boolean }) {
  const form = typeof block.form === 'object' ? block.form : null
  if (!form) return null
  const [requestHeaders, captcha] = await Promise.all([headers(), captchaFor(form)])
  return (
    <div className="container container--narrow">
      {block.heading ? <h2>{block.heading}</h2> : null}
      {block.intro ? <p>{block.intro}</p> : null}
      <CmsForm
        form={form}
        csrfToken={requestHeaders.get(CSRF_INTERNAL_HEADER) ?? ''}
        captcha={captcha}
        sent={formSent === true}
      />
    </div>
  )
}
