# Панели редактора миссий: таблица свойств, вкладки «Кланы», «Маршруты», «Миссия».
mission-prop-title = { $n ->
    [one] { $n } свойство
    [few] { $n } свойства
    [many] { $n } свойств
   *[other] { $n } свойства
}
mission-prop-version = Версия объектов этой миссии ({ $version }) не записывает свойств (они появились в версии 6).
mission-prop-name = Имя
mission-prop-type = Тип
mission-prop-value = Значение
mission-prop-min = Мин.
mission-prop-max = Макс.
mission-prop-float = дробное
mission-prop-int = целое
mission-prop-other = тип { $word }
mission-prop-locked = Заблокировано: минимум, максимум и значение равны, игрок не может его изменить
mission-prop-up = Выше
mission-prop-down = Ниже
mission-prop-remove = Удалить это свойство
mission-prop-new-hint = имя нового свойства
mission-prop-add = Добавить свойство
mission-prop-suggest = Имена, которые использует игра:
mission-clan-nature = природа
mission-clan-player = игрок
mission-clan-enemy = противник
mission-clan-neutral = нейтральный
mission-clan-kind-other = тип { $word }
mission-clan-name = Имя
mission-clan-type = Тип
mission-clan-base = База
mission-clan-field-version = Версия таблицы кланов { $version } этого не записывает (появилось в версии { $needs }).
mission-clan-new-hint = имя нового клана
mission-clan-add = Добавить клан
mission-clan-remove = Удалить клан
mission-clan-remove-owned = { $n ->
    [one] Ему принадлежит { $n } объект: сначала передайте его другому владельцу.
    [few] Ему принадлежат { $n } объекта: сначала передайте их другому владельцу.
    [many] Ему принадлежат { $n } объектов: сначала передайте их другому владельцу.
   *[other] Ему принадлежат { $n } объекта: сначала передайте их другому владельцу.
}
mission-open-linked = открыть
mission-not-in-folder = нет в папке игры
mission-zone-centre = Центр
mission-zone-inner = Внутр.
mission-zone-outer = Внешн.
mission-zone-add = Добавить зону
mission-zone-remove = Удалить эту зону
mission-relations = Отношения
mission-relations-tip = Строка к столбцу; щелчок меняет враждебно на нейтрально, нейтрально на союзно, союзно на враждебно.
mission-rel-hostile = враг
mission-rel-neutral = нейтр.
mission-rel-allied = союз
mission-rel-cell = { $a } к { $b }
mission-routes = { $n ->
    [one] { $n } маршрут
    [few] { $n } маршрута
    [many] { $n } маршрутов
   *[other] { $n } маршрута
}
mission-route-row = Маршрут { $id } · { $n ->
    [one] { $n } вершина
    [few] { $n } вершины
    [many] { $n } вершин
   *[other] { $n } вершины
}
mission-route-add = Добавить маршрут
mission-route-remove = Удалить маршрут
mission-route-corners = Вершины маршрута { $id }
mission-route-insert = Вставить вершину
mission-route-insert-tip = Вершина после выбранной, посередине до следующей (или двойной щелчок по ребру в виде)
mission-route-remove-point = Удалить вершину
mission-lodes = { $n ->
    [one] { $n } месторождение руды
    [few] { $n } месторождения руды
    [many] { $n } месторождений руды
   *[other] { $n } месторождения руды
}
mission-lodes-version = Версия объектов этой миссии ({ $version }) не записывает месторождений (они появились в версии 5).
mission-lode-row = Месторождение { $i }
mission-lode-amount = запас{" "}
mission-lode-remove = Удалить это месторождение
mission-lode-add = Добавить месторождение
mission-lode-add-tip = Месторождение в центре вида, на земле
mission-lode-words = найдено { $found } · вид { $kind } · доп. { $extra }
mission-description-buffer = Буфер на { $capacity } байт; { $tail } байт после текста сохраняются как есть.
mission-map-path = Карта
mission-open-landscape = открыть ландшафт
mission-versions = Версии разделов
mission-versions-value = файл { $file } · кланы { $clans } · объекты { $objects }
mission-words = Слова
mission-words-value = карта { $map } · месторождения { $lodes }
mission-clan-reading = Прочтение тела клана
mission-clan-reading-single = одна раскладка для всех типов кланов
mission-clan-reading-by-type = по типу клана
mission-clan-reading-tip = Как читается часть клана между его типом и деревом (Прочтения форматов…)
mission-prop-cell = { $column }, строка { $row }
mission-prop-new-type = Тип нового свойства
mission-clan-new-type = Тип нового клана
mission-route-corner = Вершина { $i }
