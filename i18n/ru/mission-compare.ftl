# Сравнение миссий (два data.tma рядом) и проблемы миссии.
mission-compare-summary = { $rows ->
    [one] { $rows } различие
    [few] { $rows } различия
    [many] { $rows } различий
   *[other] { $rows } различия
} · объектов: A { $a }, B { $b }
mission-compare-same = Миссии одинаковы.
mission-compare-moved = Перемещённые объекты ({ $n })
mission-compare-turned = Повёрнутые объекты ({ $n })
mission-compare-scaled = Масштабированные объекты ({ $n })
mission-compare-changed = Изменённые объекты: клан, имена, свойства ({ $n })
mission-compare-added = Добавленные объекты ({ $n })
mission-compare-removed = Удалённые объекты ({ $n })
mission-compare-clans = Кланы ({ $n })
mission-compare-relations = Отношения ({ $n })
mission-compare-routes = Маршруты ({ $n })
mission-compare-lodes = Залежи ({ $n })
mission-compare-mission = Карта, описание и версии ({ $n })
mission-compare-what = Что
mission-compare-field = Поле
mission-compare-map = Обе стороны сверху
mission-compare-legend-moved = перемещён (стрелка от A к B)
mission-compare-legend-added = добавлен в B
mission-compare-legend-removed = удалён из A
mission-compare-legend-same = на месте
