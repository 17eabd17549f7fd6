import type { ComponentType } from 'react';
import { DrawingForm } from './DrawingForm.tsx';
import { ExtensionForm } from './ExtensionForm.tsx';
import { IdsForm } from './IdsForm.tsx';
import { InterviewForm } from './InterviewForm.tsx';
import { FORM_KIND_INFO, type FormKindInfo } from './kinds.ts';

const COMPONENTS: Record<string, ComponentType<{ applicationNumber: string }>> = {
  ids: IdsForm,
  extension: ExtensionForm,
  interview: InterviewForm,
  drawing: DrawingForm,
};

export interface FormKind extends FormKindInfo { component: ComponentType<{ applicationNumber: string }> }

/** Every kind of kinds.ts with its component (a kind without one is not offered). */
export const FORM_KINDS: readonly FormKind[] = FORM_KIND_INFO.flatMap((k) => (COMPONENTS[k.id] ? [{ ...k, component: COMPONENTS[k.id]! }] : []));
