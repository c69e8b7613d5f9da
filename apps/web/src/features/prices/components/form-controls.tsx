type CheckFieldProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
};

export function CheckField({ label, checked, onChange, name }: CheckFieldProps) {
  return (
    <label className="price-form__check">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
