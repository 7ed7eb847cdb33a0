package testserver

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// Category groups items. Its declared constants make it an enum.
type Category string

// The categories an item can belong to.
const (
	CategoryTools Category = "tools"
	CategoryParts Category = "parts"
	CategoryFood  Category = "food"
)

// Dimensions of an item, in millimetres.
type Dimensions struct {
	WidthMM  uint16 `json:"width_mm"`
	HeightMM uint16 `json:"height_mm"`
	// DepthMM is optional.
	DepthMM *uint16 `json:"depth_mm,omitempty"`
}

// Supplier is who delivers an item.
type Supplier struct {
	Name  string `json:"name" jsonschema:"minLength=1"`
	Email string `json:"email" jsonschema:"format=email"`
}

// Item is one stock keeping unit held in the inventory.
type Item struct {
	SKU        string            `json:"sku"`
	Name       string            `json:"name"`
	Category   Category          `json:"category"`
	Quantity   int               `json:"quantity"`
	PriceCents int64             `json:"price_cents"`
	Tags       []string          `json:"tags,omitempty"`
	Attributes map[string]string `json:"attributes,omitempty"`
	Dimensions *Dimensions       `json:"dimensions,omitempty"`
	Supplier   *Supplier         `json:"supplier,omitempty"`
	Shelf      uint8             `json:"shelf"`
	Bin        [2]int            `json:"bin"`
	AddedAt    time.Time         `json:"added_at"`
}

// AddItemInput describes a new item.
type AddItemInput struct {
	// SKU is the stock keeping unit: two capital letters, a dash, four digits.
	SKU string `json:"sku" jsonschema:"pattern=^[A-Z]{2}-[0-9]{4}$"`
	// Name is what people call the item.
	Name     string   `json:"name" jsonschema:"minLength=1,maxLength=64"`
	Category Category `json:"category"`
	// Quantity in stock.
	Quantity   int   `json:"quantity" jsonschema:"minimum=0,maximum=10000"`
	PriceCents int64 `json:"price_cents" jsonschema:"minimum=0"`
	// Tags are free-form labels, at most five.
	Tags       []string          `json:"tags,omitempty" jsonschema:"maxItems=5"`
	Attributes map[string]string `json:"attributes,omitempty"`
	Dimensions *Dimensions       `json:"dimensions,omitempty"`
	Supplier   *Supplier         `json:"supplier,omitempty"`
	// Shelf number, 0-255.
	Shelf uint8 `json:"shelf,omitempty"`
	// Bin is the (row, column) of the bin on the shelf.
	Bin [2]int `json:"bin,omitzero"`
	// ReceivedAt is when the goods arrived (RFC 3339); now when absent.
	ReceivedAt *time.Time `json:"received_at,omitempty"`
}

// ListInput filters list_items.
type ListInput struct {
	// Category restricts the list to one category.
	Category *Category `json:"category,omitempty"`
	// Limit is the most items returned.
	Limit int `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// Stats summarizes the inventory.
type Stats struct {
	Items         int              `json:"items"`
	TotalQuantity int              `json:"total_quantity"`
	ByCategory    map[Category]int `json:"by_category"`
}

// Store is an in-memory inventory, safe for concurrent use.
type Store struct {
	mu    sync.Mutex
	items map[string]Item
	now   func() time.Time
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{items: map[string]Item{}, now: time.Now}
}

// AddItem adds a new item to the inventory and returns it as stored.
//
//mcp:tool title="Add item"
func (s *Store) AddItem(ctx context.Context, in AddItemInput) (Item, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.items[in.SKU]; ok {
		return Item{}, fmt.Errorf("item %s already exists", in.SKU)
	}
	it := Item{
		SKU: in.SKU, Name: in.Name, Category: in.Category, Quantity: in.Quantity,
		PriceCents: in.PriceCents, Tags: in.Tags, Attributes: in.Attributes,
		Dimensions: in.Dimensions, Supplier: in.Supplier, Shelf: in.Shelf, Bin: in.Bin,
		AddedAt: s.now().UTC(),
	}
	if in.ReceivedAt != nil {
		it.AddedAt = in.ReceivedAt.UTC()
	}
	s.items[in.SKU] = it
	runtime.Logger(ctx).Info("item added", "sku", in.SKU)
	return it, nil
}

// GetItem returns the item with the given SKU, or an error when there is none.
//
//mcp:tool readonly idempotent
//mcp:arg sku the item's stock keeping unit
func (s *Store) GetItem(sku string) (Item, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, ok := s.items[sku]
	if !ok {
		return Item{}, fmt.Errorf("no item with SKU %q", sku)
	}
	return it, nil
}

// ListItems lists items ordered by SKU.
//
//mcp:tool name=list_items title="List items" readonly
func (s *Store) ListItems(in ListInput) []Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Item{}
	for _, it := range s.items {
		if in.Category == nil || *in.Category == it.Category {
			out = append(out, it)
		}
	}
	slices.SortFunc(out, func(a, b Item) int {
		if a.SKU < b.SKU {
			return -1
		}
		if a.SKU > b.SKU {
			return 1
		}
		return 0
	})
	if in.Limit > 0 && len(out) > in.Limit {
		out = out[:in.Limit]
	}
	return out
}

// RemoveItem deletes an item. Removing a missing item is not an error.
//
//mcp:tool destructive idempotent
func (s *Store) RemoveItem(sku string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.items, sku)
	return nil
}

// MoveItem moves an item to another shelf and bin and says where it went.
//
//mcp:tool idempotent openworld=false
//mcp:arg sku the item's stock keeping unit
//mcp:arg shelf the new shelf, 0-255
//mcp:arg bin the (row, column) of the new bin
//mcp:arg note an optional remark kept in the item's attributes
func (s *Store) MoveItem(sku string, shelf uint8, bin [2]int, note *string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, ok := s.items[sku]
	if !ok {
		return "", fmt.Errorf("no item with SKU %q", sku)
	}
	it.Shelf, it.Bin = shelf, bin
	if note != nil {
		if it.Attributes == nil {
			it.Attributes = map[string]string{}
		}
		it.Attributes["note"] = *note
	}
	s.items[sku] = it
	return fmt.Sprintf("%s moved to shelf %d, bin %d/%d", sku, shelf, bin[0], bin[1]), nil
}

// Stats counts items and quantities per category.
//
//mcp:tool name=inventory_stats readonly
func (s *Store) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{ByCategory: map[Category]int{}}
	for _, it := range s.items {
		st.Items++
		st.TotalQuantity += it.Quantity
		st.ByCategory[it.Category] += it.Quantity
	}
	return st
}
