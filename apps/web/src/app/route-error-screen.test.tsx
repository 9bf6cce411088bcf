import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../lib/lazy-component';
import { RouteErrorScreen } from './route-error-screen';

const renderFailingPage = (error: Error) => {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteErrorScreen />,
      HydrateFallback: () => null,
      lazy: async () => {
        await loadChunk('member', () => Promise.reject(error));
        return { element: <p>never</p> };
      },
    },
  ]);
  return render(<RouterProvider router={router} />);
};

describe('a page whose code cannot be loaded', () => {
  it('says so and offers a reload instead of a blank page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { href: window.location.href, reload });
    renderFailingPage(new TypeError('Failed to fetch dynamically imported module'));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('This part of the site could not be loaded'),
    );
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledOnce();
  });
});
