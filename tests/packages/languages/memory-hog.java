import java.util.*;

// Holds 2 GiB of arrays, twice the package's memory limit: MLE.
public class Hog {
    public static void main(String[] args) {
        List<long[]> held = new ArrayList<>();
        for (int i = 0; i < 2048; i++) {
            held.add(new long[1 << 17]);
        }
        System.out.println(held.size() > 0 ? "First" : "Second");
    }
}
