import { Button } from '../ui/Button.tsx';
import { shortName } from '../file/words.ts';
import { useChartContext } from './ChartActions.tsx';

/** "Add Zhu": the add dialog opened on a reference with its publication number filled in. */
export function AddReferenceButton({
  label,
  publicationNumber,
  name: given = null,
  variant = 'secondary',
}: {
  label: string;
  publicationNumber: string | null;
  name?: string | null;
  variant?: 'secondary' | 'ghost';
}) {
  const open = useChartContext().add;
  if (!open) return null;
  const name = given ?? shortName(label);
  return (
    <Button
      variant={variant}
      className={variant === 'ghost' ? 'px-1.5 py-0.5' : ''}
      aria-label={`Add ${label} to the file`}
      onClick={() => open({ kind: 'reference', ...(publicationNumber ? { publication_number: publicationNumber } : { reference_name: name }) })}
    >
      Add {name}
    </Button>
  );
}
