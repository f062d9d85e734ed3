import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { dateOrder, formatDateInput, maskDate, parseDateInput } from '@/lib/date-input';
import { DateField } from './date-field';

function Harness({ initial, onChange, min }: { initial?: string; onChange: (value: string | null) => void; min?: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <>
      <label htmlFor="d">Data</label>
      <DateField
        id="d"
        value={value}
        min={min}
        onChange={(next) => {
          setValue(next ?? undefined);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue(undefined)}>
        limpar
      </button>
    </>
  );
}

describe('date typed in the interface language', () => {
  it('masks, parses real dates only, and formats in the language order', () => {
    expect(maskDate('15032025')).toBe('15/03/2025');
    expect(maskDate('15/0')).toBe('15/0');
    expect(maskDate('abc1503x2025999')).toBe('15/03/2025');
    expect(parseDateInput('15/03/2025', 'dmy')).toBe('2025-03-15');
    expect(parseDateInput('03/15/2025', 'mdy')).toBe('2025-03-15');
    expect(parseDateInput('15/03/2025', 'mdy')).toBeNull();
    expect(parseDateInput('31/02/2025', 'dmy')).toBeNull();
    expect(parseDateInput('29/02/2024', 'dmy')).toBe('2024-02-29');
    expect(parseDateInput('29/02/2025', 'dmy')).toBeNull();
    expect(parseDateInput('00/01/2025', 'dmy')).toBeNull();
    expect(parseDateInput('15/03/25', 'dmy')).toBeNull();
    expect(formatDateInput('2025-03-15', 'dmy')).toBe('15/03/2025');
    expect(formatDateInput('2025-03-15', 'mdy')).toBe('03/15/2025');
    expect(dateOrder('pt-BR')).toBe('dmy');
    expect(dateOrder('es-ES')).toBe('dmy');
    expect(dateOrder('en-US')).toBe('mdy');
  });
});

describe('<DateField>', () => {
  it('is dd/mm/aaaa in pt-BR even under an English browser, and reports the ISO date once complete', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Data');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await user.type(input, '1503');
    expect(input).toHaveValue('15/03');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(input, '2025');
    expect(input).toHaveValue('15/03/2025');
    expect(onChange).toHaveBeenLastCalledWith('2025-03-15');
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('says "Data inválida" for an impossible date and does not report it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Data');
    await user.type(input, '31022025');
    expect(screen.getByText('Data inválida')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Data inválida');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a date before the minimum', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} min="2025-03-10" />);
    await user.type(screen.getByLabelText('Data'), '09032025');
    expect(screen.getByText('A data não pode ser antes de 10/03/2025')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('judges only what is typed: a date from outside before the minimum is shown as it is', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="2025-03-01" min="2025-03-10" onChange={onChange} />);
    const input = screen.getByLabelText('Data');
    expect(input).toHaveValue('01/03/2025');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/não pode ser antes/)).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '02032025');
    expect(screen.getByText('A data não pode ser antes de 10/03/2025')).toBeInTheDocument();
  });

  it('in a form, reports what was typed while it is not a date, so the form never keeps the old one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <label htmlFor="f">Data</label>
        <DateField id="f" inForm value="2025-03-15" onChange={onChange} />
      </>,
    );
    const input = screen.getByLabelText('Data');
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    await user.type(input, '3102');
    expect(onChange).toHaveBeenLastCalledWith('31/02');
    await user.type(input, '2025');
    expect(onChange).toHaveBeenLastCalledWith('31/02/2025');
    // The form's schema says what is wrong (under the form field), not the field itself.
    expect(screen.queryByText('Data inválida')).not.toBeInTheDocument();
  });

  it('shows a value set from outside, and empties when it is cleared from outside', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2025-12-01" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Data')).toHaveValue('01/12/2025');
    await user.click(screen.getByRole('button', { name: 'limpar' }));
    expect(screen.getByLabelText('Data')).toHaveValue('');
  });

  it('is mm/dd/yyyy in en-US and follows a language switch', async () => {
    await changeLanguage('en-US');
    const onChange = vi.fn();
    const user = userEvent.setup();
    const view = render(<Harness initial="2025-03-15" onChange={onChange} />);
    const input = screen.getByLabelText('Data');
    expect(input).toHaveValue('03/15/2025');
    expect(input).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await user.clear(input);
    await user.type(input, '12252025');
    expect(onChange).toHaveBeenLastCalledWith('2025-12-25');

    await changeLanguage('es-ES');
    view.rerender(<Harness initial="2025-03-15" onChange={onChange} />);
    expect(await screen.findByDisplayValue('25/12/2025')).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
  });
});
