import type { ComponentType } from 'react';
import { ClientReportForm } from './ClientReportForm.tsx';
import { DrawingForm } from './DrawingForm.tsx';
import { ExtensionForm } from './ExtensionForm.tsx';
import { IdsForm } from './IdsForm.tsx';
import { InterviewForm } from './InterviewForm.tsx';
import { IssueFeeForm } from './IssueFeeForm.tsx';
import { NoticeOfAppealForm } from './NoticeOfAppealForm.tsx';
import { PreAppealForm } from './PreAppealForm.tsx';
import { RceForm } from './RceForm.tsx';
import { TerminalDisclaimerForm } from './TerminalDisclaimerForm.tsx';
import { FORM_KIND_INFO, type FormKindInfo } from './kinds.ts';

const COMPONENTS: Record<string, ComponentType<{ applicationNumber: string }>> = {
  ids: IdsForm,
  extension: ExtensionForm,
  interview: InterviewForm,
  rce: RceForm,
  'notice-of-appeal': NoticeOfAppealForm,
  'pre-appeal': PreAppealForm,
  'terminal-disclaimer': TerminalDisclaimerForm,
  'issue-fee': IssueFeeForm,
  'client-report': ClientReportForm,
  drawing: DrawingForm,
};

export interface FormKind extends FormKindInfo {
  component: ComponentType<{ applicationNumber: string }>;
}

/** Every kind of kinds.ts with its component (a kind without one is not offered). */
export const FORM_KINDS: readonly FormKind[] = FORM_KIND_INFO.flatMap((k) => (COMPONENTS[k.id] ? [{ ...k, component: COMPONENTS[k.id]! }] : []));
