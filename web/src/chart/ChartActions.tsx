import { createContext, useContext } from 'react';
import type { AddDocumentStart } from '../file/AddDocumentDialog.tsx';

export interface ChartContextValue {
  /** Opens "Add to the file" (null when the application is not on the docket). */
  add: ((start: AddDocumentStart) => void) | null;
  /** Whether the file holds the text of a reference, by the label the action gives it. */
  held: (referenceLabel: string) => boolean;
}

export const ChartContext = createContext<ChartContextValue>({ add: null, held: () => true });

export function useChartContext(): ChartContextValue {
  return useContext(ChartContext);
}
