import { BlockRowLabel as BlockRowLabel_52ca4384c87d19485b6aa171255a03a3 } from '../../../blocks/BlockRowLabel'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { BlocksFeatureClient as BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { TextStateFeatureClient as TextStateFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { TableFeatureClient as TableFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SeoPreviewField as SeoPreviewField_6a6138489ad0f55e392f7435009aa540 } from '../../../content/admin/SeoPreviewField'
import { PageSlugField as PageSlugField_da18973da020e7c0b41a2ac272eae7fd } from '../../../content/admin/PageSlugField'
import { InMenusNote as InMenusNote_774ca79894adc13d726458d6f8b7ac0e } from '../../../content/menus/InMenusNote'
import { DeletionNote as DeletionNote_6100e9141ef2439ddd56c272f4f87a62 } from '../../../content/redirects/DeletionNote'
import { SubmissionMessage as SubmissionMessage_ad4ce2e969294ffa8396f9a8d71195f7 } from '../../../contact/inbox/SubmissionMessage'
import { InboxActions as InboxActions_cbcc5fe97f49df90f440ea58a477c755 } from '../../../contact/inbox/InboxActions'
import { MailNotSentNotice as MailNotSentNotice_704533711621209797956ebc6dbce7aa } from '../../../contact/admin/MailNotSentNotice'
import { InboxViews as InboxViews_367b269294b5151fb452a42ad2dfce1f } from '../../../contact/inbox/InboxViews'
import { ExportCsvLink as ExportCsvLink_9e7af960ce4e79d20fa978668caf44a2 } from '../../../contact/admin/ExportCsvLink'
import { JsonReadout as JsonReadout_2165a9464efbffef0b570c2af28fa559 } from '../../../content/admin/JsonReadout'
import { TranscriptField as TranscriptField_0faf3b6db0b8d3698883b31bbbbefea6 } from '../../../chat/admin/TranscriptField'
import { LinkRowLabel as LinkRowLabel_2a866b81a38b2668b5f911fee7b31d1f } from '../../../content/menus/MenuRowLabels'
import { ColumnRowLabel as ColumnRowLabel_2a866b81a38b2668b5f911fee7b31d1f } from '../../../content/menus/MenuRowLabels'
import { AdminIcon as AdminIcon_7cca05944b15ee5b6245d37bf70bef00 } from '../../../brand/admin/AdminGraphics'
import { AdminLogo as AdminLogo_7cca05944b15ee5b6245d37bf70bef00 } from '../../../brand/admin/AdminGraphics'
import { AnalyticsNavLink as AnalyticsNavLink_b61a0c5ecc32ebf9075b7cdf859b6bef } from '../../../analytics/dashboard/AnalyticsNavLink'
import { AgentConsoleLink as AgentConsoleLink_ecf2d8bc255697a0e6c58b94097a6d76 } from '../../../chat/admin/AgentConsoleLink'
import { AtAGlance as AtAGlance_f1fbe16734e36c044402ff0b71ea0207 } from '../../../dashboard/AtAGlance'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { AnalyticsView as AnalyticsView_f1d93c558e2a59c6335cc60a65706f06 } from '../../../analytics/dashboard/AnalyticsView'
import { AgentLandingView as AgentLandingView_53687d6ef2b3f821d7623fa4621d1d30 } from '../../../chat/admin/AgentLandingView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/blocks/BlockRowLabel#BlockRowLabel": BlockRowLabel_52ca4384c87d19485b6aa171255a03a3,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#BlocksFeatureClient": BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#TextStateFeatureClient": TextStateFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#TableFeatureClient": TableFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/content/admin/SeoPreviewField#SeoPreviewField": SeoPreviewField_6a6138489ad0f55e392f7435009aa540,
  "/content/admin/PageSlugField#PageSlugField": PageSlugField_da18973da020e7c0b41a2ac272eae7fd,
  "/content/menus/InMenusNote#InMenusNote": InMenusNote_774ca79894adc13d726458d6f8b7ac0e,
  "/content/redirects/DeletionNote#DeletionNote": DeletionNote_6100e9141ef2439ddd56c272f4f87a62,
  "/contact/inbox/SubmissionMessage#SubmissionMessage": SubmissionMessage_ad4ce2e969294ffa8396f9a8d71195f7,
  "/contact/inbox/InboxActions#InboxActions": InboxActions_cbcc5fe97f49df90f440ea58a477c755,
  "/contact/admin/MailNotSentNotice#MailNotSentNotice": MailNotSentNotice_704533711621209797956ebc6dbce7aa,
  "/contact/inbox/InboxViews#InboxViews": InboxViews_367b269294b5151fb452a42ad2dfce1f,
  "/contact/admin/ExportCsvLink#ExportCsvLink": ExportCsvLink_9e7af960ce4e79d20fa978668caf44a2,
  "/content/admin/JsonReadout#JsonReadout": JsonReadout_2165a9464efbffef0b570c2af28fa559,
  "/chat/admin/TranscriptField#TranscriptField": TranscriptField_0faf3b6db0b8d3698883b31bbbbefea6,
  "/content/menus/MenuRowLabels#LinkRowLabel": LinkRowLabel_2a866b81a38b2668b5f911fee7b31d1f,
  "/content/menus/MenuRowLabels#ColumnRowLabel": ColumnRowLabel_2a866b81a38b2668b5f911fee7b31d1f,
  "/brand/admin/AdminGraphics#AdminIcon": AdminIcon_7cca05944b15ee5b6245d37bf70bef00,
  "/brand/admin/AdminGraphics#AdminLogo": AdminLogo_7cca05944b15ee5b6245d37bf70bef00,
  "/analytics/dashboard/AnalyticsNavLink#AnalyticsNavLink": AnalyticsNavLink_b61a0c5ecc32ebf9075b7cdf859b6bef,
  "/chat/admin/AgentConsoleLink#AgentConsoleLink": AgentConsoleLink_ecf2d8bc255697a0e6c58b94097a6d76,
  "/dashboard/AtAGlance#AtAGlance": AtAGlance_f1fbe16734e36c044402ff0b71ea0207,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/analytics/dashboard/AnalyticsView#AnalyticsView": AnalyticsView_f1d93c558e2a59c6335cc60a65706f06,
  "/chat/admin/AgentLandingView#AgentLandingView": AgentLandingView_53687d6ef2b3f821d7623fa4621d1d30,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
