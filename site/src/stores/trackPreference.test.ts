// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $trackScope,
  pickTrackProfile,
  rememberTrack,
  TRACK_PREFERENCE_KEY,
  trackPreference,
} from './trackPreference.ts';

const en = { id: '0', language: 'en', label: 'English' };
const es = { id: '1', language: 'es', label: 'Español' };

beforeEach(() => {
  localStorage.clear();
  $trackScope.set('default');
});

describe('track preference (decision 0291)', () => {
  it('is the page language until the viewer chooses', () => {
    expect(trackPreference('pt')).toEqual({ language: 'pt', audio: undefined, text: undefined });
  });

  it('remembers the viewer’s choices, not the player’s own picks; subtitles off is a choice', () => {
    rememberTrack({ kind: 'audio', track: es, byViewer: false });
    expect(trackPreference('en').audio).toBeUndefined();
    rememberTrack({ kind: 'audio', track: es, byViewer: true });
    rememberTrack({ kind: 'text', track: en, byViewer: true });
    expect(trackPreference('en')).toEqual({ language: 'en', audio: 'es', text: 'en' });
    rememberTrack({ kind: 'text', track: null, byViewer: true });
    expect(trackPreference('en').text).toBe('off');
  });

  it('keeps each profile’s choices apart', () => {
    $trackScope.set('p1');
    rememberTrack({ kind: 'audio', track: es, byViewer: true });
    $trackScope.set('p2');
    expect(trackPreference('en').audio).toBeUndefined();
    $trackScope.set('p1');
    expect(trackPreference('en').audio).toBe('es');
  });

  it('ignores stored values that are not language tags (storage is not trusted)', () => {
    localStorage.setItem(`${TRACK_PREFERENCE_KEY}.default`, JSON.stringify({ audio: '<img>', text: 42 }));
    expect(trackPreference('en')).toEqual({ language: 'en', audio: undefined, text: undefined });
    localStorage.setItem(`${TRACK_PREFERENCE_KEY}.default`, '{not json');
    expect(trackPreference('es')).toEqual({ language: 'es' });
  });

  it('follows the picked profile: its language is the default, its choices apply', () => {
    pickTrackProfile('kid-1', 'es');
    expect($trackScope.get()).toBe('kid-1');
    expect(trackPreference('en').language).toBe('es');
    rememberTrack({ kind: 'text', track: en, byViewer: true });
    $trackScope.set('other');
    expect(trackPreference('en')).toEqual({ language: 'en', audio: undefined, text: undefined });
    $trackScope.set('kid-1');
    expect(trackPreference('en')).toEqual({ language: 'es', audio: undefined, text: 'en' });
  });
});
