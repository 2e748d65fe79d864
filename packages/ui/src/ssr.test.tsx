// Server rendering: importing the kit and rendering every component in Node (no DOM) must not throw.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sampleChannel, sampleRechargeCodeLength } from './fixtures/fixtures.ts';
import * as ui from './index.ts';

describe('server rendering', () => {
  it('renders the kit without window or document', () => {
    expect(typeof document).toBe('undefined');
    const html = renderToString(
      <ui.MessagesProvider messages={{ emptyList: 'Vacío' }}>
        <ui.ChannelRow channel={sampleChannel} active currentProgramme="News" />
        <ui.ProgrammeRow
          programme={{ programId: 'p', programme: 'News', start: 0, stop: 1, status: 'playing' }}
          action="playing"
        />
        <ui.Spinner />
        <ui.EmptyTip />
        <ui.HorizontalScroller label="Row">
          <span>x</span>
        </ui.HorizontalScroller>
        <ui.Card card={{ cardId: 'c', metaId: 'm', metaType: 'MOVIE', title: 'T', poster: 'p' }} />
        <ui.BannerCarousel slides={[{ bannerItemId: 'b', title: 'B', image: 'i' }]} />
        <ui.SendCodeButton onSend={() => {}} />
        <ui.RechargeCodeInput length={sampleRechargeCodeLength} onConfirm={() => {}} />
        <ui.Marquee notice={{ id: 'n', msg: 'Hello' }} />
        <ui.NoticePopup open notice={{ id: 'n', msg: 'Hi' }} onOk={() => {}} />
        <ui.GuideGrid
          label="Guide grid"
          channels={[]}
          programmes={new Map()}
          from={0}
          to={3_600_000}
          now={0}
        />
      </ui.MessagesProvider>,
    );
    expect(html).toContain('Vacío');
    expect(html).toContain('data-state="active"');
    expect(html).toContain('aria-label="Guide grid"');
    expect(html).toContain(`placeholder="Enter the ${sampleRechargeCodeLength}-digit recharge code"`);
    // Dialogs render on the client only (portal after mount).
    expect(html).not.toContain('role="dialog"');
  });
});
