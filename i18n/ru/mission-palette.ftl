# Палитра редактора миссий: здания, юниты и декорации папки игры для расстановки.
mission-palette = Палитра
mission-palette-tip = Здания, юниты и декорации папки игры: перетащите объект в вид, чтобы поставить его туда, или щёлкните дважды, чтобы поставить в центр вида
mission-palette-owner = Владелец
mission-palette-owner-tip = Клан, которому принадлежат новые здания и юниты (декорации ничьи, как в миссиях самой игры)
mission-palette-no-clans = кланов нет
mission-palette-search = Поиск
mission-palette-filter-hint = имя или путь
mission-palette-reading = Чтение папки игры…
mission-palette-no-folder = Миссия не лежит в папке игры (ни в одной папке выше нет objects.rlb): ставить нечего.
mission-palette-shown = { $shown } из { $n ->
    [one] { $n } объекта
   *[other] { $n } объектов
}
mission-palette-none = Под фильтр ничего не подходит.
mission-palette-skipped = { $n ->
    [one] пропущен { $n } файл
    [few] пропущено { $n } файла
    [many] пропущено { $n } файлов
   *[other] пропущено { $n } файла
}
mission-palette-group-0 = Здания ({ $n })
mission-palette-group-1 = Юниты ({ $n })
mission-palette-group-2 = Растительность ({ $n })
mission-palette-group-3 = Камни ({ $n })
mission-palette-group-other = Вид { $kind } ({ $n })
mission-palette-row-tip = { $path }
    Перетащите в вид, чтобы поставить; двойной щелчок ставит в центр вида.
mission-palette-no-picture = Нет изображения: { $why }
mission-palette-no-ground = Под этой точкой нет земли: ставьте объект на ландшафт.
mission-palette-no-view = Вид ещё не готов: дождитесь построения сцены.
