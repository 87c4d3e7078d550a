// The tray: a small declarative service. What it shows is decided by host/panel/tray.ts (tested under
// plain Node); this adapter only renders that model with Electron.
import { Menu, nativeImage, Tray } from 'electron';
import type { DispatchRecord } from '../../shared/dispatch.js';
import { trayMenu, trayState, trayTooltip, type TrayInput, type TrayMenuItem } from '../host/panel/tray.js';
import { discBitmap, STATE_COLOURS } from './icons.js';

export interface TrayActions {
  open(target?: { eventId: string; dispatchId: string }): void;
  review(): void;
  /** Shows the panel on the oldest waiting request. */
  requests(): void;
  setPaused(paused: boolean): void;
  quit(): void;
}

export class TrayService {
  private readonly tray: Tray;
  private recent: DispatchRecord[] = [];

  constructor(
    private readonly input: () => Omit<TrayInput, 'recent'>,
    private readonly actions: TrayActions,
  ) {
    this.tray = new Tray(this.icon('clear'));
    this.tray.on('click', () => actions.open());
    this.render();
  }

  noteDispatch(r: DispatchRecord): void {
    this.recent = [r, ...this.recent].slice(0, 20);
    this.render();
  }

  render(): void {
    const input: TrayInput = { ...this.input(), recent: this.recent };
    const state = trayState(input);
    this.tray.setImage(this.icon(state));
    this.tray.setToolTip(trayTooltip(input, state));
    this.tray.setContextMenu(
      Menu.buildFromTemplate(trayMenu(input, state).map((item) => this.toMenuItem(item))),
    );
  }

  private toMenuItem(item: TrayMenuItem): Electron.MenuItemConstructorOptions {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'header':
        return { label: item.label, enabled: false };
      case 'dispatch':
        return {
          label: item.label,
          click: () => this.actions.open({ eventId: item.eventId, dispatchId: item.dispatchId }),
        };
      case 'action':
        return {
          label: item.label,
          click: () => {
            if (item.id === 'open') this.actions.open();
            else if (item.id === 'review') this.actions.review();
            else if (item.id === 'requests') this.actions.requests();
            else if (item.id === 'pause' || item.id === 'resume') this.actions.setPaused(item.id === 'pause');
            else this.actions.quit();
          },
        };
    }
  }

  private icon(state: keyof typeof STATE_COLOURS): Electron.NativeImage {
    const image = nativeImage.createFromBitmap(discBitmap(16, STATE_COLOURS[state]), {
      width: 16,
      height: 16,
    });
    image.addRepresentation({
      scaleFactor: 2,
      width: 32,
      height: 32,
      buffer: discBitmap(32, STATE_COLOURS[state]),
    });
    return image;
  }

  destroy(): void {
    this.tray.destroy();
  }
}
