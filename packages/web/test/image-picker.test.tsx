import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageAttachments, type ImageAttachmentsProps } from '../src/components/image-attachments';
import type { Attachment } from '../src/lib/use-image-attachments';

// Issue 14: a styled picker — drop zone, a button that opens the chooser, the camera on phones, the files' names.
const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const attachment = (name: string, over: Partial<Attachment> = {}): Attachment => ({
  localId: name,
  name,
  status: 'uploading',
  progress: 0,
  documentId: null,
  error: null,
  ...over,
});

function picker(over: Partial<ImageAttachmentsProps> = {}) {
  const props: ImageAttachmentsProps = {
    attachments: [],
    onAdd: vi.fn(),
    onRemove: vi.fn(),
    full: false,
    max: 10,
    sizeMb: 10,
    required: false,
    notice: null,
    error: undefined,
    disabled: false,
    ...over,
  };
  return { props, ...render(<ImageAttachments {...props} />) };
}

const zone = () => screen.getByTestId('image-drop-zone');
const drop = (files: File[]) => fireEvent.drop(zone(), { dataTransfer: { files, types: ['Files'] } });

function pointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('image picker', () => {
  it('shows the attached files’ names instead of "No file chosen"', () => {
    const { rerender, props } = picker();
    expect(screen.getByTestId('image-names')).toHaveTextContent('No image attached yet');
    expect(screen.queryByText(/no file chosen/i)).not.toBeInTheDocument();
    rerender(<ImageAttachments {...props} attachments={[attachment('receipt.png'), attachment('fare.jpg')]} />);
    expect(screen.getByTestId('image-names')).toHaveTextContent('Attached: receipt.png, fare.jpg');
  });

  it('opens the chooser from a button reached with the keyboard; the native input is out of the tab order', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    picker();
    const input = screen.getByTestId('image-input');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('image/png'));
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('tabindex', '-1');
    await user.tab();
    const button = screen.getByRole('button', { name: 'Add images' });
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleDescription(/Up to 10 images.*No image attached yet/);
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toBe(input);
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
    click.mockRestore();
  });

  it('takes dropped files, and says so while they are dragged over it', () => {
    const { props } = picker();
    fireEvent.dragOver(zone(), { dataTransfer: { types: ['Files'], dropEffect: 'none' } });
    expect(zone()).toHaveAttribute('data-dragging', 'true');
    expect(zone()).toHaveTextContent('Release to attach the images');
    const files = [png('a.png'), png('b.png')];
    drop(files);
    expect(props.onAdd).toHaveBeenCalledWith(files);
    expect(zone()).not.toHaveAttribute('data-dragging');
    expect(zone()).toHaveTextContent('Drag and drop images here.');
  });

  it('ignores a drop when full or while the form is sending, and disables its controls', () => {
    const { props, unmount } = picker({ full: true });
    drop([png('a.png')]);
    expect(props.onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add images' })).toBeDisabled();
    expect(screen.getByTestId('image-input')).toBeDisabled();
    unmount();
    const sending = picker({ disabled: true });
    drop([png('a.png')]);
    expect(sending.props.onAdd).not.toHaveBeenCalled();
  });

  it('offers the camera on a phone (capture), not on a desktop', () => {
    pointer(false);
    const { unmount } = picker();
    expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('camera-input')).not.toBeInTheDocument();
    unmount();
    pointer(true);
    const { props } = picker();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Take a photo' }));
    const camera = screen.getByTestId('camera-input');
    expect(click.mock.contexts[0]).toBe(camera);
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    fireEvent.change(camera, { target: { files: [png('photo.png')] } });
    expect(props.onAdd).toHaveBeenCalledWith([expect.objectContaining({ name: 'photo.png' })]);
    click.mockRestore();
  });

  it('shows errors as before, tied to the button, and one file only for a single-image field', () => {
    picker({ error: 'Please upload atleast one image.', max: 1 });
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload atleast one image.');
    expect(screen.getByRole('button', { name: 'Add images' })).toHaveAccessibleDescription(
      /Please upload atleast one image\./,
    );
    expect(screen.getByTestId('image-input')).not.toHaveAttribute('multiple');
  });

  it('names the group by its label', () => {
    picker({ required: true });
    expect(screen.getByRole('group', { name: 'Photos or screenshots (at least one)' })).toBeInTheDocument();
  });
});
