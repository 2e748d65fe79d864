/** The sample guide's programmes per genre, in en, es and pt (titles, then descriptions). */

type Text = [title: string, content: string];

export interface Show {
  en: Text;
  es: Text;
  pt: Text;
  /** Typical lengths in minutes, each 15 to 180 (spec: realistic guide). */
  lengths: number[];
  /** Live rights only: not available for catch-up afterwards. */
  liveOnly?: boolean;
}

export type Genre = 'news' | 'sports' | 'kids' | 'entertainment' | 'documentary' | 'music';

const show = (en: Text, es: Text, pt: Text, lengths: number[], liveOnly = false): Show => ({
  en,
  es,
  pt,
  lengths,
  liveOnly,
});

export const SHOWS: Record<Genre, Show[]> = {
  news: [
    show(
      ['Morning Headlines', 'The news of the night and the day ahead.'],
      ['Titulares de la mañana', 'Las noticias de la noche y el día que empieza.'],
      ['Manchetes da manhã', 'As notícias da noite e do dia que começa.'],
      [30, 60],
    ),
    show(
      ['World Report', 'Correspondents around the globe on the stories that matter.'],
      ['Informe mundial', 'Corresponsales de todo el mundo sobre las historias que importan.'],
      ['Relatório mundial', 'Correspondentes ao redor do mundo sobre as histórias que importam.'],
      [30, 45, 60],
    ),
    show(
      ['Business Hour', 'Markets, companies and the economy.'],
      ['La hora de los negocios', 'Mercados, empresas y economía.'],
      ['Hora dos negócios', 'Mercados, empresas e economia.'],
      [60],
    ),
    show(
      ['Weather Now', 'Forecasts for the region and beyond.'],
      ['El tiempo ahora', 'Previsiones para la región y más allá.'],
      ['Tempo agora', 'Previsões para a região e além.'],
      [15],
    ),
    show(
      ['The Debate', 'Guests argue the question of the day.'],
      ['El debate', 'Invitados discuten la pregunta del día.'],
      ['O debate', 'Convidados discutem a questão do dia.'],
      [45, 90],
    ),
  ],
  sports: [
    show(
      ['Live Football', 'Today’s match, live from the stadium.'],
      ['Fútbol en vivo', 'El partido de hoy, en directo desde el estadio.'],
      ['Futebol ao vivo', 'A partida de hoje, ao vivo do estádio.'],
      [120, 150],
      true,
    ),
    show(
      ['Sports Center', 'Results, goals and interviews.'],
      ['Centro deportivo', 'Resultados, goles y entrevistas.'],
      ['Central de esportes', 'Resultados, gols e entrevistas.'],
      [30, 60],
    ),
    show(
      ['Tennis Classics', 'Great matches of the past.'],
      ['Clásicos del tenis', 'Grandes partidos del pasado.'],
      ['Clássicos do tênis', 'Grandes partidas do passado.'],
      [90, 120, 180],
    ),
    show(
      ['Motor Weekly', 'The week in racing.'],
      ['Motor semanal', 'La semana en las carreras.'],
      ['Motor semanal', 'A semana nas corridas.'],
      [45, 60],
    ),
  ],
  kids: [
    show(
      ['Little Explorers', 'Cartoon adventures across the world.'],
      ['Pequeños exploradores', 'Aventuras animadas por el mundo.'],
      ['Pequenos exploradores', 'Aventuras animadas pelo mundo.'],
      [15, 30],
    ),
    show(
      ['Science Lab', 'Experiments to try at home.'],
      ['Laboratorio de ciencia', 'Experimentos para hacer en casa.'],
      ['Laboratório de ciência', 'Experimentos para fazer em casa.'],
      [30],
    ),
    show(
      ['Story Time', 'Fairy tales read aloud.'],
      ['Hora del cuento', 'Cuentos de hadas leídos en voz alta.'],
      ['Hora da história', 'Contos de fadas lidos em voz alta.'],
      [15, 30],
    ),
    show(
      ['Animal Friends', 'Meet the animals of the farm and the forest.'],
      ['Amigos animales', 'Conoce a los animales de la granja y del bosque.'],
      ['Amigos animais', 'Conheça os animais da fazenda e da floresta.'],
      [30, 45],
    ),
  ],
  entertainment: [
    show(
      ['Feature Film', 'A great movie, uncut.'],
      ['Largometraje', 'Una gran película, sin cortes.'],
      ['Longa-metragem', 'Um grande filme, sem cortes.'],
      [90, 120, 150, 180],
    ),
    show(
      ['City Lights', 'Drama series: lives crossing in a big city.'],
      ['Luces de la ciudad', 'Serie dramática: vidas que se cruzan en una gran ciudad.'],
      ['Luzes da cidade', 'Série dramática: vidas que se cruzam numa grande cidade.'],
      [45, 60],
    ),
    show(
      ['Laugh Track', 'Sitcom: a family and its neighbours.'],
      ['Risas enlatadas', 'Comedia: una familia y sus vecinos.'],
      ['Risadas', 'Comédia: uma família e seus vizinhos.'],
      [30],
    ),
    show(
      ['Late Show', 'Talk, music and guests.'],
      ['Show nocturno', 'Charla, música e invitados.'],
      ['Programa da noite', 'Conversa, música e convidados.'],
      [60, 90],
    ),
    show(
      ['Kitchen Duel', 'Two chefs, one hour, one basket.'],
      ['Duelo en la cocina', 'Dos chefs, una hora, una cesta.'],
      ['Duelo na cozinha', 'Dois chefs, uma hora, uma cesta.'],
      [45, 60],
    ),
  ],
  documentary: [
    show(
      ['Wild Planet', 'Nature at its most spectacular.'],
      ['Planeta salvaje', 'La naturaleza en su máximo esplendor.'],
      ['Planeta selvagem', 'A natureza no seu máximo esplendor.'],
      [45, 60],
    ),
    show(
      ['History Files', 'The stories behind famous events.'],
      ['Archivos de la historia', 'Las historias detrás de hechos famosos.'],
      ['Arquivos da história', 'As histórias por trás de fatos famosos.'],
      [60, 90],
    ),
    show(
      ['Deep Space', 'Telescopes, probes and the edge of the universe.'],
      ['Espacio profundo', 'Telescopios, sondas y el borde del universo.'],
      ['Espaço profundo', 'Telescópios, sondas e a borda do universo.'],
      [45, 60],
    ),
  ],
  music: [
    show(
      ['Jazz Session', 'Standards and new voices.'],
      ['Sesión de jazz', 'Clásicos y nuevas voces.'],
      ['Sessão de jazz', 'Clássicos e novas vozes.'],
      [60, 120],
    ),
    show(
      ['Top Hits', 'The songs of the week.'],
      ['Grandes éxitos', 'Las canciones de la semana.'],
      ['Grandes sucessos', 'As músicas da semana.'],
      [60, 90],
    ),
    show(
      ['Night Lounge', 'Calm music until dawn.'],
      ['Salón nocturno', 'Música tranquila hasta el amanecer.'],
      ['Lounge noturno', 'Música calma até o amanhecer.'],
      [120, 180],
    ),
  ],
};
