// A number a person types into Settings: saved when they leave the field or press Enter, and only when
// it is a whole number in range; otherwise it says why beside the field and keeps the saved value.
import { useEffect, useId, useState } from 'react';

export function NumberField({
  label,
  value,
  unit,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  emptyMeans,
  onSave,
  className,
}: {
  label: string;
  /** The saved value (null: empty). */
  value: number | null;
  /** What the number counts, as a person says it: "MiB", "days", "ms". */
  unit: string;
  min?: number;
  max?: number;
  /** When set, an empty field is allowed and saves null; this says what it means ("no budget"). */
  emptyMeans?: string;
  onSave: (value: number | null) => Promise<void>;
  className?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const hint = useId();
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const commit = async () => {
    setSaved(false);
    const t = text.trim();
    if (t === '' && emptyMeans !== undefined) {
      if (value !== null) await save(null);
      return setProblem(null);
    }
    const n = Number(t);
    if (t === '' || !Number.isInteger(n) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
      return setProblem(
        `${t === '' ? 'Empty' : `“${t}”`} is not a whole number of ${unit} ${range}${emptyMeans !== undefined ? ` (or empty for ${emptyMeans})` : ''}; ${value === null ? 'nothing was saved' : `${value} ${unit} is kept`}.`,
      );
    }
    setProblem(null);
    if (n !== value) await save(n);
  };
  const save = async (n: number | null) => {
    try {
      await onSave(n);
      setSaved(true);
    } catch (e) {
      setProblem(`Not saved: ${(e as Error).message}`);
    }
  };
  return (
    <span className={`number-field ${className ?? ''}`}>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        aria-label={label}
        aria-invalid={problem !== null}
        aria-describedby={hint}
        placeholder={emptyMeans}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setSaved(false);
        }}
        onBlur={() => void commit()}
        onKeyDown={(e) => e.key === 'Enter' && void commit()}
      />{' '}
      {unit}
      <span
        id={hint}
        className={problem ? 'field-problem' : 'field-ok muted'}
        role={problem ? 'alert' : 'status'}
      >
        {problem ?? (saved ? 'Saved' : '')}
      </span>
    </span>
  );
}
