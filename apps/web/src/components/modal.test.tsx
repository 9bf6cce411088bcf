import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(() => {
  vi.useRealTimers();
});

const cover = () => screen.getByTestId('probe').parentElement as HTMLElement;

describe('modal (spec section 4, Dialog)', () => {
  it('closes on a cover click, unless told not to', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal title="Probe" onClose={onClose} testId="probe">
        text
      </Modal>,
    );
    fireEvent.click(screen.getByText('text'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(cover());
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender(
      <Modal title="Probe" onClose={onClose} testId="probe" closeOnCover={false}>
        text
      </Modal>,
    );
    fireEvent.click(cover());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes by itself after the timeout it was given', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <Modal title="Probe" onClose={onClose} testId="probe" autoCloseMs={3000}>
        text
      </Modal>,
    );
    vi.advanceTimersByTime(2999);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
