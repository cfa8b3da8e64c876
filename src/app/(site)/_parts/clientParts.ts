'use client'

/**
 * The client parts of the site's pages and of its error page, carried in the layout's own script
 * file. Next gives the page and the error boundary each a file of its own, which every first visit
 * asked for at the start (a request the front pays for, for 3 KB compressed); imported here, they
 * are in the layout's file already, and a content page starts with the same files as any page of
 * the site (tests/e2e/first-visit.spec.ts). Pages without them carry their code unused (~3 KB).
 */
import '../error'
import '@/blocks/Faq/Accordion'
import '@/blocks/Stats/ProgressCounters'
import '@/blocks/Testimonials/Carousel'
import '@/contact/form/FormEnhancer'
