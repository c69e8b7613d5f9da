import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from '../../../lib/class-names.ts';

/** Ids that tie an error text to its control (aria-describedby) and mark it invalid. */
function useErrorProps(error: string | undefined) {
  const id = useId();
  const errorId = `${id}-error`;
  return {
    id,
    errorId,
    controlProps: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
  };
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

type CapabilityFieldProps<T extends string> = {
  legend: string;
  hint: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  /** The group's registration: one field whose value is the checked options' values. */
  register: UseFormRegisterReturn;
  error: string | undefined;
};

/** A group of checkboxes with one error for the group (spec §5: at least one capability). */
export function CapabilityField<T extends string>({
  legend,
  hint,
  options,
  register,
  error,
}: CapabilityFieldProps<T>) {
  const { id, errorId, controlProps } = useErrorProps(error);
  const hintId = `${id}-hint`;
  return (
    <fieldset
      className="vendor-form__section"
      {...controlProps}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      data-testid="capabilities"
    >
      <legend className="vendor-form__legend">{legend}</legend>
      <p id={hintId} className="vendor-form__hint">
        {hint}
      </p>
      <div className={cx('vendor-form__checks', error && 'vendor-form__checks--invalid')}>
        {options.map((option) => (
          <label key={option.value} className="vendor-form__check">
            <input type="checkbox" value={option.value} {...register} />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={errorId} error={error} />
    </fieldset>
  );
}
