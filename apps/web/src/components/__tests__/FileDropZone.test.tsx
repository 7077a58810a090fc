import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone } from '@/components/ui/FileDropZone';

function renderZone(props: { isDisabled?: boolean; hasFile?: boolean } = {}) {
  const onFileChange = vi.fn();
  const view = render(
    <FileDropZone
      name="file"
      accept=".csv"
      chooseLabel="Choose a file"
      hint="CSV only"
      hasFile={props.hasFile ?? false}
      isDisabled={props.isDisabled ?? false}
      isInvalid={false}
      onFileChange={onFileChange}
    />,
  );
  const zone = screen.getByText(/or drop it here/).closest('label');
  if (!zone) throw new Error('No drop zone');
  return { onFileChange, zone, ...view };
}

const csv = () => new File(['a;b\n'], 'bank.csv', { type: 'text/csv' });

describe('FileDropZone', () => {
  it('is a labelled file input reached with the keyboard, and hands over the file picked', async () => {
    const { onFileChange } = renderZone();
    const user = userEvent.setup();
    const input = screen.getByLabelText(/Choose a file/);
    await user.tab();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('accept', '.csv');
    expect(input).toHaveAttribute('name', 'file');
    expect(screen.getByText('CSV only')).toBeInTheDocument();
    const file = csv();
    await user.upload(input, file);
    expect(onFileChange).toHaveBeenCalledWith(file);
  });

  it('shows a file dragged over it, forgets it on leave, and takes the one dropped', () => {
    const { onFileChange, zone } = renderZone();
    const file = csv();
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(zone).toHaveAttribute('data-drag-over', 'true');
    fireEvent.dragLeave(zone);
    expect(zone).not.toHaveAttribute('data-drag-over');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(zone).not.toHaveAttribute('data-drag-over');
    expect(onFileChange).toHaveBeenCalledWith(file);
  });

  it('ignores a drag that carries no file, such as selected text', () => {
    const { zone } = renderZone();
    fireEvent.dragOver(zone, { dataTransfer: { types: ['text/plain'] } });
    expect(zone).not.toHaveAttribute('data-drag-over');
  });

  it('takes nothing while disabled', () => {
    const { onFileChange, zone } = renderZone({ isDisabled: true });
    const file = csv();
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(zone).not.toHaveAttribute('data-drag-over');
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(onFileChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Choose a file/)).toBeDisabled();
  });

  it('keeps the page when a file is dropped beside the zone', () => {
    renderZone();
    const drop = new Event('drop', { cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'] } });
    window.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(true);
  });

  it('lets the same file be picked again once it is removed', async () => {
    const user = userEvent.setup();
    const { rerender, onFileChange } = renderZone({ hasFile: true });
    const input = screen.getByLabelText<HTMLInputElement>(/Choose a file/);
    await user.upload(input, csv());
    expect(input.files).toHaveLength(1);
    rerender(
      <FileDropZone
        name="file"
        accept=".csv"
        chooseLabel="Choose a file"
        hint="CSV only"
        hasFile={false}
        isDisabled={false}
        isInvalid={false}
        onFileChange={onFileChange}
      />,
    );
    expect(input.value).toBe('');
  });
});
