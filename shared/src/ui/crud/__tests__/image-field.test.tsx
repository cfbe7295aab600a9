import { crc32 } from 'node:zlib';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@canteiro/shared/core';
import { ResourceScreen } from '../resource-screen';
import { resetServerSettings } from '../use-server-settings';
import type { ResourceDefinition } from '../types';
import { serveFakeThings, thingResource } from './fake-api';
import type { fakeThingsApi } from './fake-api';
import type { Thing } from './fake-api';

/** A resource with a picture: the kit's `image` field (spec §5: JPEG/JPG/PNG up to {maxSize} MB). */
const pictured: ResourceDefinition<Thing> = {
  ...thingResource,
  fields: [...thingResource.fields!, { name: 'picture', labelKey: 'picture', kind: 'image', uploadPath: 'picture' }],
  afterSave: (thing) => {
    savedAfterUpload.push({ id: thing.id, uploaded: api.pictures.has(thing.id) });
  },
};
let savedAfterUpload: { id: number; uploaded: boolean }[];

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A real 1×1 PNG (its CRCs right): the kit checks the whole file, as the server does. */
const REAL_PNG = Uint8Array.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082'.match(
    /../g,
  ) ?? [],
  (pair) => parseInt(pair, 16),
);
const png = (name: string) => new File([REAL_PNG], name, { type: 'image/png' });
/** A PNG signature followed by zeros or other content: its size is what a test needs. */
const pngHeaded = (name: string, size: number, rest: Uint8Array = new Uint8Array(size - PNG_HEAD.length)) =>
  new File([new Uint8Array([...PNG_HEAD, ...rest])], name, { type: 'image/png' });

let api: ReturnType<typeof fakeThingsApi>;

async function openNewForm() {
  render(
    <MemoryRouter initialEntries={['/things']}>
      <ResourceScreen resource={pictured} />
    </MemoryRouter>,
  );
  await screen.findByText('Thing 01');
  fireEvent.click(screen.getByText('Adicionar'));
  return (await screen.findByTestId('resource-form')).closest('.ant-modal') as HTMLElement;
}
function choose(dialog: HTMLElement, file: File) {
  const input = within(dialog).getByTestId('field-picture-file');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeAll(() => {
  i18n.addResourceBundle('pt-BR', 'test', {
    thing: { one: 'Coisa', other: 'Coisas' },
    name: 'Nome',
    active: 'Ativo',
    picture: 'Foto',
  });
});
beforeEach(() => {
  api = serveFakeThings(3);
  savedAfterUpload = [];
  resetServerSettings();
  URL.createObjectURL = jest.fn(() => 'blob:chosen');
  URL.revokeObjectURL = jest.fn();
});

jest.setTimeout(30_000);

describe('the image field', () => {
  it('refuses a file that is not a JPEG or PNG by its content, with the server limit in the message', async () => {
    const dialog = await openNewForm();
    // The limit comes from the server (1 MB in the fake), not from the built-in default of 2.
    expect(await within(dialog).findByText('JPEG, JPG ou PNG, até 1 MB.')).toBeInTheDocument();
    choose(dialog, new File(['just text'], 'photo.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('A imagem deve ser JPEG, JPG ou PNG de até 1 MB.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escolher imagem')).toBeInTheDocument();
  });

  it('refuses a PNG signature followed by something else (HTML), as the server would', async () => {
    const dialog = await openNewForm();
    await within(dialog).findByText('JPEG, JPG ou PNG, até 1 MB.');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    choose(dialog, pngHeaded('fake.png', PNG_HEAD.length + html.length, html));
    expect(await within(dialog).findByText('A imagem deve ser JPEG, JPG ou PNG de até 1 MB.')).toBeInTheDocument();
    expect(within(dialog).queryByText('fake.png')).not.toBeInTheDocument();
  });

  it('refuses a small PNG whose header declares 10 000 × 10 000 pixels, naming the megapixel limit', async () => {
    const dialog = await openNewForm();
    await within(dialog).findByText('JPEG, JPG ou PNG, até 1 MB.');
    // The real PNG with another size in its IHDR, and that chunk's CRC made right again.
    const huge = REAL_PNG.slice();
    const view = new DataView(huge.buffer);
    view.setUint32(16, 10_000);
    view.setUint32(20, 10_000);
    view.setUint32(29, crc32(huge.subarray(12, 29)));
    choose(dialog, new File([huge], 'huge.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('A imagem deve ter no máximo 60 megapixels.')).toBeInTheDocument();
    expect(within(dialog).queryByText('huge.png')).not.toBeInTheDocument();
  });

  it('writes a fractional limit as Portuguese writes it: 0,5 MB, not 0.5 MB', async () => {
    api.settings.maxImageMb = 0.5;
    const dialog = await openNewForm();
    expect(await within(dialog).findByText('JPEG, JPG ou PNG, até 0,5 MB.')).toBeInTheDocument();
    choose(dialog, pngHeaded('big.png', 1024 * 1024));
    expect(await within(dialog).findByText('A imagem deve ter no máximo 0,5 MB.')).toBeInTheDocument();
  });

  it('refuses a PNG over the limit', async () => {
    const dialog = await openNewForm();
    await within(dialog).findByText('JPEG, JPG ou PNG, até 1 MB.');
    choose(dialog, pngHeaded('big.png', 1024 * 1024 + 1));
    expect(await within(dialog).findByText('A imagem deve ter no máximo 1 MB.')).toBeInTheDocument();
  });

  it('previews a good file and uploads it as `file` once the new row exists', async () => {
    const dialog = await openNewForm();
    await within(dialog).findByText('JPEG, JPG ou PNG, até 1 MB.');
    choose(dialog, png('me.png'));
    expect(await within(dialog).findByText('me.png')).toBeInTheDocument();
    expect(within(dialog).getByText('Trocar imagem')).toBeInTheDocument();
    expect(within(dialog).getByAltText('Prévia da imagem')).toHaveAttribute('src', 'blob:chosen');

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'New thing' } });
    fireEvent.click(within(dialog).getByText('Salvar'));
    await waitFor(() => expect(api.pictures.get(4)?.name).toBe('me.png'));
    const writes = api.calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname);
    expect(writes).toEqual(['/api/things', '/api/things/4/picture']);
    // The JSON body carries the row only; the file goes apart.
    expect(api.calls.find((call) => call.url.pathname === '/api/things' && call.method === 'POST')!.body).toEqual({
      name: 'New thing',
      isActive: true,
    });
    expect(api.pictures.get(4)!.size).toBe(REAL_PNG.length);
    // The definition's afterSave runs once the file is there (the session reloads its own user then).
    await waitFor(() => expect(savedAfterUpload).toEqual([{ id: 4, uploaded: true }]));
  });

  it('sends nothing when no file was chosen', async () => {
    const dialog = await openNewForm();
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Plain' } });
    fireEvent.click(within(dialog).getByText('Salvar'));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.url.pathname.endsWith('/picture'))).toBe(false);
  });
});
