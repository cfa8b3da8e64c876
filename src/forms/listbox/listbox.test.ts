import { describe, expect, it } from 'vitest'
import { type ChoiceAction, choiceStep, createChoices } from './choices'
import {
  activeOption,
  createListbox,
  type ListboxAction,
  type ListboxKeyPress,
  type ListboxState,
  listboxStep as suggestStep,
} from './listbox'

const options = (...labels: string[]) => labels.map((label) => ({ label }))
const services = options('Title search', 'Copies of deeds', 'Closing', 'Court records')
const counties = options('Adams County', 'Allen County', 'Ashland County', 'Cuyahoga County', 'Van Wert County')
const pages = options('Liens', 'Lien search', 'Pricing')

const key = (name: string, modifiers: Omit<ListboxKeyPress, 'key'> = {}): ChoiceAction => ({
  type: 'key',
  press: { key: name, ...modifiers },
})
const down = key('ArrowDown')
const up = key('ArrowUp')

/** One action through the reducer its DOM layer uses: the dropdown's for lists of choices, the bare model for suggestions. */
function listboxStep(state: ListboxState, action: ChoiceAction) {
  if (state.kind !== 'suggest') return choiceStep(state, action)
  return suggestStep(state, action as ListboxAction)
}

/** The state after several actions, one after the other. */
const after = (state: ListboxState, ...actions: ChoiceAction[]) =>
  actions.reduce((current, action) => listboxStep(current, action).state, state)

const select = (selected: number[] = [], multiple = false) => createChoices('select', services, { selected, multiple })
const filterBox = (selected: number[] = [], multiple = false) =>
  createChoices('filter', counties, { selected, multiple })
const suggestions = () =>
  after(createListbox('suggest', []), { type: 'text', text: 'lien' }, { type: 'options', options: pages })

describe('ArrowDown and ArrowUp in a dropdown', () => {
  it('open a closed list on the chosen option, or on the first when none is chosen', () => {
    expect(after(select(), down)).toMatchObject({ open: true, active: 0 })
    expect(after(select([2]), up)).toMatchObject({ open: true, active: 2 })
    expect(listboxStep(filterBox(), down).handled).toBe(true)
  })
  it('moves down and up without wrapping', () => {
    expect(after(select(), down, down).active).toBe(1)
    expect(after(select([3]), down, down).active).toBe(3)
    expect(after(select(), down, up).active).toBe(0)
  })
  it('with Alt: ArrowDown keeps the active option, ArrowUp takes it and closes a one-choice list', () => {
    expect(after(select(), down, down, key('ArrowDown', { altKey: true })).active).toBe(1)
    const step = listboxStep(after(select(), down, down), key('ArrowUp', { altKey: true }))
    expect(step).toMatchObject({ chosen: 1, state: { open: false, selected: [1] } })
  })
  it('with Alt, ArrowUp only closes a several-choice list', () => {
    const step = listboxStep(after(select([], true), down), key('ArrowUp', { altKey: true }))
    expect(step).toMatchObject({ chosen: -1, state: { open: false, selected: [] } })
  })
})

describe('typeahead arrow keys', () => {
  it('moves down from no option to the first, and wraps from the last to the first', () => {
    expect(after(suggestions(), down).active).toBe(0)
    expect(after(suggestions(), up, down).active).toBe(0)
  })
  it('moves up from no option to the last, and wraps from the first to the last', () => {
    expect(after(suggestions(), up).active).toBe(2)
    expect(after(suggestions(), down, up).active).toBe(2)
  })
  it('has no active option in an empty list', () => {
    const empty = after(suggestions(), { type: 'options', options: [] })
    const step = listboxStep(empty, down)
    expect(step).toMatchObject({ handled: false, state: { open: false, active: -1 } })
  })
  it('reopens a closed list of suggestions on the first or the last', () => {
    const closed = after(suggestions(), key('Escape'))
    expect(closed).toMatchObject({ open: false, text: 'lien' })
    expect(after(closed, down)).toMatchObject({ open: true, active: 0 })
    expect(after(closed, up)).toMatchObject({ open: true, active: 2 })
  })
})

describe('Home and End', () => {
  it('open a select-only list on the first or the last option, and move there when open', () => {
    expect(after(select([1]), key('End'))).toMatchObject({ open: true, active: 3 })
    expect(after(select([1]), key('Home'))).toMatchObject({ open: true, active: 0 })
    expect(after(select(), down, key('End'), key('Home')).active).toBe(0)
    expect(after(filterBox(), down, key('End')).active).toBe(4)
  })
  it('are left to the text caret in a closed filter box and in the suggestion box', () => {
    expect(listboxStep(filterBox(), key('Home'))).toMatchObject({ handled: false, state: { open: false } })
    expect(listboxStep(after(suggestions(), down), key('End'))).toMatchObject({ handled: false, state: { active: 0 } })
  })
})

describe('Enter', () => {
  it('opens a closed select-only list; a closed text box leaves it to the form', () => {
    expect(listboxStep(select(), key('Enter'))).toMatchObject({ handled: true, state: { open: true } })
    expect(listboxStep(filterBox(), key('Enter'))).toMatchObject({ handled: false, state: { open: false } })
    const closedSuggestions = after(suggestions(), key('Escape'))
    expect(listboxStep(closedSuggestions, key('Enter')).handled).toBe(false)
  })
  it('takes the active option and closes a one-choice list, showing its label in a filter box', () => {
    const step = listboxStep(after(filterBox(), down, down), key('Enter'))
    expect(step).toMatchObject({
      handled: true,
      chosen: 1,
      state: { open: false, selected: [1], text: 'Allen County' },
    })
  })
  it('follows the active suggestion, or with none active leaves Enter to the form', () => {
    expect(listboxStep(after(suggestions(), down), key('Enter'))).toMatchObject({ chosen: 0, state: { open: false } })
    expect(listboxStep(suggestions(), key('Enter'))).toMatchObject({ handled: false, chosen: -1 })
  })
  it('keeps an open dropdown with nothing active from submitting the form', () => {
    const nothing = after(filterBox(), { type: 'text', text: 'zzz' })
    expect(listboxStep(nothing, key('Enter'))).toMatchObject({ handled: true, chosen: -1, state: { open: true } })
  })
})

describe('Space', () => {
  it('opens a select-only list, then takes the active option', () => {
    const opened = after(select(), key(' '))
    expect(opened).toMatchObject({ open: true, active: 0 })
    expect(listboxStep(opened, key(' '))).toMatchObject({ chosen: 0, state: { open: false, selected: [0] } })
  })
  it('is text in a filter box and in the suggestion box', () => {
    expect(listboxStep(filterBox(), key(' ')).handled).toBe(false)
    expect(listboxStep(suggestions(), key(' ')).handled).toBe(false)
  })
})

describe('Escape', () => {
  it('closes an open list, keeping the choice and forgetting the active option', () => {
    const step = listboxStep(after(filterBox([3]), { type: 'press' }, down), key('Escape'))
    expect(step).toMatchObject({ handled: true, state: { open: false, active: -1, selected: [3] } })
    expect(step.state.text).toBe('Cuyahoga County')
  })
  it('on a closed suggestion box clears the query and its suggestions, then is left to the page', () => {
    const cleared = listboxStep(after(suggestions(), key('Escape')), key('Escape'))
    expect(cleared).toMatchObject({ handled: true, state: { text: '', options: [], open: false } })
    expect(listboxStep(cleared.state, key('Escape')).handled).toBe(false)
  })
  it('on a closed dropdown is left to the page, so a dialog around it can close', () => {
    const closed = after(filterBox(), { type: 'text', text: 'sum' }, key('Escape'))
    expect(closed).toMatchObject({ open: false, text: '' })
    expect(listboxStep(closed, key('Escape')).handled).toBe(false)
    expect(listboxStep(filterBox([2]), key('Escape')).handled).toBe(false)
  })
})

describe('Tab', () => {
  it('takes the active option of a one-choice select-only list and closes, leaving focus to move on', () => {
    const step = listboxStep(after(select(), down, down), key('Tab'))
    expect(step).toMatchObject({ handled: false, chosen: 1, state: { open: false, selected: [1] } })
  })
  it('closes a filter box without taking its active option, and is left alone by the suggestion box', () => {
    const step = listboxStep(after(filterBox(), down), key('Tab'))
    expect(step).toMatchObject({ handled: false, chosen: -1, state: { open: false, selected: [] } })
    expect(listboxStep(after(suggestions(), down), key('Tab')).state.open).toBe(true)
  })
})

describe('Backspace', () => {
  it('un-chooses the last chosen option of a several-choice filter box with no text', () => {
    expect(listboxStep(filterBox([1, 3], true), key('Backspace'))).toMatchObject({
      handled: true,
      state: { selected: [1] },
    })
    const typing = after(filterBox([1], true), { type: 'text', text: 'a' })
    expect(listboxStep(typing, key('Backspace'))).toMatchObject({ handled: false, state: { selected: [1] } })
    expect(listboxStep(filterBox([1]), key('Backspace')).handled).toBe(false)
  })
})

describe('typing', () => {
  it('in a select-only list jumps to the option starting with the letters typed in a row', () => {
    const typed = after(select(), key('c'), key('o'), key('p'))
    expect(typed).toMatchObject({ open: true, typed: 'cop', active: 1 })
    expect(after(typed, { type: 'typedPause' }, key('c')).active).toBe(2)
    expect(listboxStep(select(), key('c', { altKey: true })).handled).toBe(false)
  })
  it('in a filter box opens the list on the matching options, the first active', () => {
    expect(after(filterBox(), { type: 'text', text: 'land' })).toMatchObject({ open: true, visible: [2], active: 0 })
    expect(after(filterBox(), { type: 'text', text: 'zzz' })).toMatchObject({ open: true, visible: [], active: -1 })
  })
  it('in the suggestion box keeps the text; new suggestions open the list with none active, none close it', () => {
    const shown = suggestions()
    expect(shown).toMatchObject({ text: 'lien', open: true, active: -1, visible: [0, 1, 2] })
    expect(after(shown, { type: 'options', options: [] }).open).toBe(false)
  })
  it('leaves keys pressed with Ctrl or Meta to the browser', () => {
    expect(listboxStep(select(), key('ArrowDown', { ctrlKey: true }))).toMatchObject({ handled: false })
    expect(listboxStep(after(suggestions(), down), key('Enter', { metaKey: true })).chosen).toBe(-1)
  })
})

describe('pointer', () => {
  it('a press on a select-only box opens and closes the list; on a filter box it opens', () => {
    const opened = after(select([2]), { type: 'press' })
    expect(opened).toMatchObject({ open: true, active: 2 })
    expect(after(opened, { type: 'press' }).open).toBe(false)
    expect(after(filterBox(), { type: 'press' }, { type: 'press' }).open).toBe(true)
  })
  it('a pick on one choice takes it and closes the list', () => {
    const step = listboxStep(after(select(), { type: 'press' }), { type: 'pick', index: 3 })
    expect(step).toMatchObject({ chosen: 3, state: { open: false, selected: [3] } })
  })
  it('a pick on several choices toggles the option and keeps the list open, the filter text emptied', () => {
    const picked = after(filterBox([], true), { type: 'text', text: 'wert' }, { type: 'pick', index: 4 })
    expect(picked).toMatchObject({ open: true, selected: [4], text: '', visible: [0, 1, 2, 3, 4], active: 4 })
    expect(after(picked, { type: 'pick', index: 0 }).selected).toEqual([0, 4])
    expect(after(picked, { type: 'pick', index: 4 }).selected).toEqual([])
  })
  it('a pick on a suggestion reports it and closes the list', () => {
    expect(listboxStep(suggestions(), { type: 'pick', index: 1 })).toMatchObject({ chosen: 1, state: { open: false } })
  })
})

describe('changes from the page', () => {
  it('close (focus left the box) hides the list and forgets the active option', () => {
    expect(after(select(), down, down, { type: 'close' })).toMatchObject({ open: false, active: -1 })
  })
  it('clear and unchoose empty the choice, and a closed filter box its label', () => {
    expect(after(filterBox([2]), { type: 'clear' })).toMatchObject({ selected: [], text: '' })
    expect(after(filterBox([1, 2], true), { type: 'unchoose', index: 1 }).selected).toEqual([2])
  })
  it('sync takes the choice from the select (a form reset) and closes the list', () => {
    const synced = after(filterBox([2]), down, { type: 'sync', selected: [] })
    expect(synced).toMatchObject({ open: false, selected: [], text: '' })
    expect(activeOption(synced)).toBe(-1)
  })
})
